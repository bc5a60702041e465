import type { auth as en } from '../en/auth';

export const auth: Record<keyof typeof en, string> = {
  'auth.login.title': 'طالب علم کا لاگ اِن',
  'auth.login.intro': 'مشقی کوئز اور مقابلے میں حصہ لینے کے لیے لاگ اِن کریں۔',
  'auth.login.done': 'آپ لاگ اِن ہو گئے۔ آپ کا ڈیش بورڈ کھل رہا ہے…',
  'auth.login.pending': 'لاگ اِن ہو رہا ہے…',
  'auth.login.forgot': 'پاس ورڈ بھول گئے؟',
  'auth.login.newHere': 'پہلی بار آئے ہیں؟',
  'auth.code.title': 'اپنی ای میل دیکھیں',
  'auth.code.label': 'ای میل میں آیا ہوا کوڈ',
  'auth.code.hint':
    'ہو سکتا ہے یہ ای میل آپ کے والدین کو گئی ہو: ان سے 6 ہندسے پوچھ لیں۔ اسپام فولڈر بھی دیکھیں۔',
  'auth.code.sixDigits': 'ای میل میں آئے ہوئے 6 ہندسے لکھیں',
  'auth.code.back': 'واپس',
  'auth.code.resend': 'نیا کوڈ بھیجیں',
  'auth.logout': 'لاگ آؤٹ',
  'auth.logout.pending': 'لاگ آؤٹ ہو رہا ہے…',
  'auth.forgot.title': 'پاس ورڈ بھول گئے؟',
  'auth.forgot.intro':
    'وہ ای میل پتا لکھیں جس سے آپ نے اکاؤنٹ بنایا تھا۔ ہم آپ کو نیا پاس ورڈ چننے کا لنک بھیجیں گے۔',
  'auth.forgot.submit': 'لنک بھیجیں',
  'auth.forgot.sentTitle': 'اپنی ای میل دیکھیں',
  'auth.forgot.sentText':
    'یہ لنک تھوڑی دیر کے لیے ہی کام کرتا ہے۔ اگر چند منٹ میں کچھ نہ آئے تو اسپیم فولڈر دیکھیں، یا تسلی کریں کہ آپ نے وہی ای میل پتا لکھا ہے جس سے اکاؤنٹ بنایا تھا۔',
  'auth.forgot.another': 'دوسرا ای میل پتا لکھیں',
  'auth.reset.title': 'نیا پاس ورڈ چنیں',
  'auth.reset.newPassword': 'نیا پاس ورڈ',
  'auth.reset.again': 'دوبارہ لکھیں',
  'auth.reset.againRequired': 'براہِ کرم نیا پاس ورڈ دوبارہ لکھیں',
  'auth.reset.notSame': 'دونوں پاس ورڈ ایک جیسے نہیں ہیں',
  'auth.reset.submit': 'نیا پاس ورڈ محفوظ کریں',
  'auth.reset.doneTitle': 'پاس ورڈ بدل گیا',
  'auth.reset.doneText': 'آپ کی حفاظت کے لیے، آپ ہر فون اور کمپیوٹر سے لاگ آؤٹ کر دیے گئے ہیں۔',
  'auth.reset.badLinkTitle': 'یہ لنک کام نہیں کر رہا',
  'auth.reset.badLinkText':
    'پاس ورڈ بدلنے کا لنک ادھورا ہے، اس کی مدت ختم ہو گئی ہے، یا یہ پہلے ہی استعمال ہو چکا ہے۔',
  'auth.reset.badLinkHelp': 'نیا لنک منگوائیں: یہ ایک دو منٹ میں آ جاتا ہے۔',
  'auth.reset.askNew': 'نیا لنک منگوائیں',
  'auth.inactive.title': 'آپ کا اکاؤنٹ بند ہے',
  'auth.inactive.text':
    'منتظمین نے ریاضی کا یہ اکاؤنٹ بند کر دیا ہے، اس لیے ابھی آپ اس سے لاگ اِن نہیں کر سکتے۔ آپ کی معلومات اور نتائج محفوظ ہیں۔',
  'auth.inactive.help':
    'اگر آپ کو لگتا ہے کہ یہ غلطی سے ہوا ہے تو منتظمین سے رابطہ کریں۔ انہیں وہ ای میل پتا اور طالب علم کا نام بتائیں جس سے اکاؤنٹ بنایا تھا، وہ اسے دیکھ لیں گے۔',
  'auth.notVerified.title': 'اپنا ای میل پتا تصدیق کریں',
  'auth.notVerified.sent':
    'ہم نے {email} پر ایک لنک بھیجا ہے۔ اسے کھول کر تصدیق کریں کہ یہ ای میل پتا آپ کا ہے، پھر یہاں واپس آئیں۔',
  'auth.notVerified.spam': 'ای میل نہیں مل رہی؟ اسپیم یا جنک فولڈر دیکھیں۔ اسے آنے میں چند منٹ لگ سکتے ہیں۔',
  'auth.notVerified.sendAgain': 'دوبارہ بھیجیں',
  'auth.notVerified.sendAgainIn': '{seconds} سیکنڈ بعد دوبارہ بھیجیں',
  'auth.notVerified.confirmed': 'میں نے تصدیق کر دی ہے',
  'auth.notVerified.notYet':
    'ابھی تصدیق نہیں ہوئی۔ ہمارا بھیجا ہوا سب سے نیا لنک کھولیں، پھر یہ بٹن دوبارہ دبائیں۔',
  'auth.notVerified.wrongEmail': 'ای میل پتا غلط ہے؟',
  'auth.verify.checkingTitle': 'آپ کی ای میل کی تصدیق ہو رہی ہے',
  'auth.verify.checking': 'آپ کا لنک جانچا جا رہا ہے…',
  'auth.verify.doneTitle': 'آپ کی ای میل کی تصدیق ہو گئی',
  'auth.verify.alreadyTitle': 'آپ کی ای میل کی تصدیق پہلے ہی ہو چکی ہے',
  'auth.verify.doneText': 'شکریہ! ریاضی میں آپ کا اکاؤنٹ استعمال کے لیے تیار ہے۔',
  'auth.verify.alreadyText':
    'اب کچھ کرنے کی ضرورت نہیں: یہ لنک پہلے استعمال ہو چکا ہے اور آپ کا اکاؤنٹ تیار ہے۔',
  'auth.verify.toDashboard': 'اپنے ڈیش بورڈ پر جائیں',
  'auth.verify.invalidText': 'تصدیق کا لنک ادھورا ہے یا اس کی مدت ختم ہو گئی ہے۔',
  'auth.verify.invalidHelp':
    'نیا لنک لینے کے لیے لاگ اِن کریں اور ای میل کی تصدیق والے صفحے پر {button} دبائیں۔',
  'auth.verify.sendNew': 'نیا لنک بھیجیں',
  'auth.verify.takenTitle': 'یہ ای میل پتا استعمال نہیں ہو سکتا',
  'auth.verify.takenHelp': 'آپ کے اکاؤنٹ میں پرانا ای میل پتا ہی رہے گا۔ آپ کوئی اور پتا چن سکتے ہیں۔',
  'auth.verify.editProfile': 'اپنا پروفائل بدلیں',
  'auth.verify.failedTitle': 'ہم آپ کا لنک نہیں جانچ سکے',
  'auth.verify.failedText':
    'آپ کی ای میل کی تصدیق میں کچھ گڑبڑ ہو گئی۔ اپنا انٹرنیٹ کنکشن دیکھیں اور دوبارہ کوشش کریں۔',
};
