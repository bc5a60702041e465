import type { site as en } from '../en/site';

export const site: Record<keyof typeof en, string> = {
  'site.nav.main': 'مرکزی',
  'site.nav.footer': 'صفحے کے آخر کے لنک',
  'site.nav.home': 'مرکزی صفحہ',
  'site.nav.practiceQuiz': 'مشقی کوئز',
  'site.nav.championsBoard': 'چیمپئنز بورڈ',
  'site.nav.gallery': 'تصاویر',
  'site.nav.faq': 'عام سوالات',
  'site.nav.about': 'ہمارے بارے میں',
  'site.nav.contact': 'رابطہ',
  'site.footer.terms': 'شرائط و ضوابط',
  'site.footer.privacy': 'رازداری کی پالیسی',
  'site.footer.refund': 'رقم کی واپسی کی پالیسی',
  'site.footer.sponsor': 'ہمارے سپانسر',
  'site.footer.about': 'ریاضی — پاکستان میں جماعت 2 سے 9 کے طلبہ کے لیے ریاضی کا کوئز اور مقابلہ۔',
  'site.logo': 'ریاضی',
  'site.gallery.title': 'تصاویر',
  'site.gallery.about': 'ریاضی کی تقریبات کی تصاویر۔',
  'site.home.eyebrow': 'جماعت 2 سے 9 · پاکستان',
  'site.home.title': 'ریاضی: ننھے ذہنوں کے لیے ریاضی کا کوئز اور مقابلہ',
  'site.home.intro':
    'ریاضی جماعت 2 سے 9 کے اسکول کے طلبہ کے لیے ریاضی کا آن لائن مقابلہ ہے۔ پہلے اپنی رفتار سے مشق کریں، پھر پورے پاکستان میں اپنی جماعت کے طلبہ کے ساتھ مقابلے میں حصہ لیں۔',
  'site.home.facts': 'مقابلہ ایک نظر میں',
  'site.home.factGrades': 'جماعتیں',
  'site.home.factQuestions': 'سوال ہر کوشش میں',
  'site.home.factSeconds': 'ہر سوال کے لیے',
  'site.home.factAttempts': 'مقابلے کی کوششیں',
  'site.home.flagsFailed': 'مقابلے کی تازہ ترین ترتیبات لوڈ نہیں ہو سکیں، اس لیے کچھ حصے شاید نظر نہ آئیں۔',
  'site.home.leaderboard': 'لیڈر بورڈ',
  'site.home.emptyBoard': 'ابھی کوئی نتیجہ نہیں۔ جیسے جیسے طلبہ مقابلہ ختم کریں گے، لیڈر بورڈ بھرتا جائے گا۔',
  'site.home.how': 'یہ کیسے کام کرتا ہے',
  'site.home.step1.title': 'مشق کریں',
  'site.home.step1.text':
    'مشقی کوئز سے تیاری کریں۔ ساتھ ساتھ آپ کو صحیح اور غلط جواب اور ان کی وضاحت نظر آتی ہے۔',
  'site.home.step2.title': 'مقابلہ کریں',
  'site.home.step2.text':
    'مقابلے کی ہر کوشش میں {questions} سوال ہوتے ہیں اور ہر سوال کے لیے {seconds} سیکنڈ۔ صحیح اور تیز جواب سب سے زیادہ نمبر لاتے ہیں۔',
  'site.home.step3.title': 'اگلے مرحلوں تک پہنچیں',
  'site.home.step3.text': 'ہر جماعت کے سب سے زیادہ نمبر لینے والے اگلے مرحلے اور چیمپئنز بورڈ تک پہنچتے ہیں۔',
  'site.static.later': 'منتظمین مقابلہ شروع ہونے سے پہلے یہ صفحہ شائع کریں گے۔',
  'site.static.terms.title': 'شرائط و ضوابط',
  'site.static.terms.text':
    'ان شرائط میں طلبہ اور ان کے والدین یا سرپرستوں کے لیے ریاضی میں حصہ لینے کے اصول بتائے جائیں گے۔',
  'site.static.privacy.title': 'رازداری کی پالیسی',
  'site.static.privacy.text':
    'اس پالیسی میں بتایا جائے گا کہ ریاضی طلبہ کے بارے میں کون سی معلومات رکھتا ہے، کیوں، اور کب تک۔',
  'site.static.refund.title': 'رقم کی واپسی کی پالیسی',
  'site.static.refund.text':
    'اس پالیسی میں بتایا جائے گا کہ مقابلے کی کوششوں کے لیے دی گئی رقم کب واپس ہو سکتی ہے۔',
  'site.static.faq.title': 'عام سوالات',
  'site.static.faq.text': 'طلبہ، والدین اور اسکولوں کے عام سوالوں کے جواب یہاں دیے جائیں گے۔',
  'site.static.about.title': 'ریاضی کے بارے میں',
  'site.static.about.text1':
    'ریاضی پاکستان میں جماعت 2 سے 9 کے اسکول کے طلبہ کے لیے ریاضی کا آن لائن کوئز اور مقابلہ ہے۔',
  'site.static.about.text2':
    'طلبہ مشقی کوئز سے تیاری کرتے ہیں اور پھر مرحلہ وار مقابلے میں حصہ لیتے ہیں، جس میں ہر جماعت کے بہترین طلبہ چیمپئنز بورڈ پر آتے ہیں۔',
  'site.static.about.text3': 'منتظمین کے بارے میں مزید معلومات یہاں شائع کی جائیں گی۔',
  'site.static.contact.title': 'ہم سے رابطہ کریں',
  'site.static.contact.text': 'منتظمین کا ای میل پتا اور فون نمبر یہاں شائع کیا جائے گا۔',
  'site.static.sponsor.title': 'ہمارے سپانسر',
  'site.static.sponsor.text': 'اس صفحے پر ریاضی مقابلے کے سپانسر کا تعارف ہوگا۔',
  'site.static.practice.title': 'مشقی کوئز',
  'site.static.practice.text1':
    'مشقی کوئز مقابلے جیسا ہی ہوتا ہے: {questions} سوال، جن میں آپ جواب چنتے یا لکھتے ہیں، اور ہر سوال کے لیے {seconds} سیکنڈ۔',
  'site.static.practice.text2':
    'مشق میں جواب دیتے ہی آپ کو پتا چل جاتا ہے کہ کون سا جواب صحیح تھا، اور جہاں ممکن ہو وضاحت بھی ملتی ہے۔ آپ مشقی کوئز کو روک بھی سکتے ہیں اور ختم بھی کر سکتے ہیں، اور یہ درجہ بندی میں شمار نہیں ہوتا۔',
  'site.static.practice.text3': 'اصل مقابلے میں {attempts} کوششیں ملتی ہیں اور یہ کبھی رکتا نہیں۔',
};
