import type { payment as en } from '../en/payment';

export const payment: Record<keyof typeof en, string> = {
  'payment.title': 'ادائیگی',
  'payment.intro':
    'مقابلے کی ہر کوشش کی ادائیگی ایک بار ہوتی ہے۔ والدین والیٹ سے ادائیگی کر سکتے ہیں، یا آپ اپنے اسکول یا سپانسر کا دیا ہوا رسائی کوڈ لکھ سکتے ہیں۔',
  'payment.fetchError': 'ادائیگی کی معلومات لوڈ نہیں ہو سکیں',
  'payment.loading': 'ادائیگی کے طریقے لوڈ ہو رہے ہیں…',
  'payment.attemptsYouHave': 'آپ کے پاس مقابلے کی کوششیں: {count}',
  'payment.payOnline': 'آن لائن ادائیگی',
  'payment.disabled':
    'آن لائن ادائیگی ابھی دستیاب نہیں ہے۔ اگر آپ کے اسکول یا کسی سپانسر نے آپ کو رسائی کوڈ دیا ہے تو اسے یہاں لکھیں؛ ورنہ براہِ کرم بعد میں دوبارہ دیکھیں۔',
  'payment.nothingOnSale': 'ابھی کچھ بھی فروخت کے لیے نہیں ہے۔ براہِ کرم بعد میں دوبارہ دیکھیں۔',
  'payment.choosePackage': 'پیکج چنیں',
  'payment.balanceNote':
    'سب کوششیں ایک ہی کھاتے میں جمع ہوتی ہیں: ہر کوشش سے آپ وہ مقابلہ شروع کر سکتے ہیں جو آپ کے لیے کھلا ہو۔',
  'payment.attemptOne': 'مقابلے کی 1 کوشش',
  'payment.attempts': 'مقابلے کی {count} کوششیں',
  'payment.phaseAny': 'مقابلے کے کسی بھی مرحلے کے لیے',
  'payment.phaseOpen': '{phase} مقابلے کے لیے (ابھی کھلا ہے)',
  'payment.phase': '{phase} مقابلے کے لیے',
  'payment.notUsable.CONTEST_ENDED':
    'آپ کے لیے دستیاب نہیں: {phase} مقابلہ ختم ہو چکا ہے، اس لیے یہ کوششیں استعمال نہیں ہو سکتیں۔',
  'payment.notUsable.ALL_PLAYED': 'آپ کے لیے دستیاب نہیں: آپ {phase} مقابلے کی ساری کوششیں کھیل چکے ہیں۔',
  'payment.notUsable.HELD_COVER':
    'آپ کے لیے دستیاب نہیں: آپ کے پاس موجود {held} کوششیں {phase} مقابلے میں باقی {left} باریوں کے لیے کافی ہیں۔',
  'payment.notUsable.TOO_MANY':
    'آپ کے لیے دستیاب نہیں: {phase} مقابلے میں صرف {more} مزید کوششیں استعمال ہو سکتی ہیں۔',
  'payment.noneUsable': 'ابھی ان میں سے کوئی پیکج آپ کے کام کا نہیں، اس لیے ادائیگی کی ضرورت نہیں۔',
  'payment.promo': 'پرومو کوڈ (اختیاری)',
  'payment.payWith': 'ادائیگی کا طریقہ',
  'payment.toPay': 'ادا کرنے ہیں: {amount}',
  'payment.leaving': 'آپ کو ادائیگی کے صفحے پر لے جا رہے ہیں…',
  'payment.getFree': 'میری کوششیں دیں',
  'payment.pay': '{amount} ادا کریں',
  'payment.payOn':
    'آپ {gateway} پر ادائیگی کریں گے اور پھر یہاں واپس آئیں گے۔ ادائیگی کی تصدیق ہوتے ہی کوششیں مل جاتی ہیں۔',
  'payment.thePaymentPage': 'ادائیگی کے صفحے',
  'payment.code.title': 'رسائی کوڈ ہے؟',
  'payment.code.intro': 'اسکول اور سپانسر {example} جیسے کوڈ دیتے ہیں۔ ہر کوڈ ایک ہی بار چلتا ہے۔',
  'payment.code.label': 'رسائی کوڈ',
  'payment.code.use': 'کوڈ استعمال کریں',
  'payment.result.title': 'ادائیگی',
  'payment.result.noOrder': 'اس لنک میں کسی ادائیگی کا ذکر نہیں ہے۔',
  'payment.result.goPayment': 'ادائیگی کے صفحے پر جائیں',
  'payment.result.checking': 'آپ کی ادائیگی جانچی جا رہی ہے…',
  'payment.result.goDashboard': 'ڈیش بورڈ پر جائیں',
  'payment.result.received': 'ادائیگی مل گئی',
  'payment.result.addedOne':
    'مقابلے کی 1 کوشش مل گئی۔ اب آپ کے پاس {total} ہیں۔ رسید آپ کی ای میل پر آ رہی ہے۔',
  'payment.result.added':
    'مقابلے کی {count} کوششیں مل گئیں۔ اب آپ کے پاس {total} ہیں۔ رسید آپ کی ای میل پر آ رہی ہے۔',
  'payment.result.goContest': 'مقابلے میں جائیں',
  'payment.result.confirmingTitle': 'ادائیگی کی تصدیق',
  'payment.result.confirming': 'آپ کی ادائیگی کی تصدیق ہو رہی ہے',
  'payment.result.gaveUp':
    'بینک نے ابھی اس ادائیگی کی تصدیق نہیں کی۔ اس میں چند منٹ لگ سکتے ہیں: ہم جانچتے رہیں گے اور تصدیق ہوتے ہی آپ کی کوششیں دے دیں گے۔ آپ یہ صفحہ بند کر سکتے ہیں۔ اگر رقم کٹ گئی اور ایک دن میں کچھ نہ ملے تو اپنے آرڈر نمبر کے ساتھ ہم سے رابطہ کریں۔',
  'payment.result.waitingBank': 'بینک کی تصدیق کا انتظار ہے…',
  'payment.result.waitingText': 'ہم بینک کی تصدیق کا انتظار کر رہے ہیں۔ اس میں عموماً چند سیکنڈ لگتے ہیں۔',
  'payment.result.failed': 'ادائیگی مکمل نہیں ہوئی',
  'payment.result.expired': 'اس ادائیگی کی وقت پر تصدیق نہیں ہوئی، اس لیے اسے بند کر دیا گیا۔',
  'payment.result.declined': 'ادائیگی نہیں ہو سکی۔',
  'payment.result.declinedBecause': 'ادائیگی نہیں ہو سکی: {reason}',
  'payment.result.noAttempts':
    'کوئی کوشش نہیں دی گئی۔ اگر آپ کے اکاؤنٹ سے رقم کٹ گئی ہے تو بینک اسے واپس کر دے گا، یا اپنے آرڈر نمبر کے ساتھ ہم سے رابطہ کریں۔',
  'payment.result.unconfirmed':
    'ادائیگی کی تصدیق نہیں ہو سکی۔ کوئی کوشش نہیں دی گئی۔ اگر رقم کٹ گئی ہے تو ہم سے رابطہ کریں، ہم معاملہ ٹھیک کر دیں گے۔',
  'payment.result.cancel': 'یہ ادائیگی منسوخ کریں',
  'payment.result.cancelConfirm': 'منسوخ کریں؟ اگر آپ ادائیگی کر چکے ہیں تو کوششیں پھر بھی شامل ہو جائیں گی۔',
  'payment.result.cancelYes': 'ہاں، منسوخ کریں',
  'payment.result.cancelNo': 'انتظار کریں',
  'payment.result.cancelled': 'یہ ادائیگی منسوخ کر دی گئی۔ اس کے لیے یہاں کوئی رقم نہیں لی گئی۔',
  'payment.result.refunded': 'یہ ادائیگی واپس کر دی گئی۔',
  'payment.result.tryAgain': 'دوبارہ کوشش کریں',
  'payment.facts.order': 'آرڈر نمبر',
  'payment.facts.package': 'پیکج',
  'payment.facts.amount': 'رقم',
};
