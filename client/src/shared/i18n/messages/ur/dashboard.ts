import type { dashboard as en } from '../en/dashboard';

export const dashboard: Record<keyof typeof en, string> = {
  'dashboard.nav.label': 'طالب علم',
  'dashboard.nav.practice': 'مشقی کوئز',
  'dashboard.nav.contest': 'مقابلے کا کوئز',
  'dashboard.nav.payment': 'ادائیگی',
  'dashboard.nav.profile': 'پروفائل',
  'dashboard.welcome': 'خوش آمدید، {name}!',
  'dashboard.studentNumber': 'طالب علم نمبر',
  'dashboard.grade': 'جماعت',
  'dashboard.gradeNotChosen': 'ابھی نہیں چنی',
  'dashboard.completeProfile.title': 'اپنا پروفائل مکمل کریں',
  'dashboard.completeProfile.text':
    'اپنا اسکول، جماعت اور باقی رہ جانے والی معلومات لکھیں۔ مقابلے میں حصہ لینے کے لیے پروفائل کا مکمل ہونا ضروری ہے۔',
  'dashboard.contestQuizzes': 'مقابلے کے کوئز',
  'dashboard.practiceQuizzes': 'مشقی کوئز',
  'dashboard.card.practice.title': 'مشقی کوئز',
  'dashboard.card.practice.text':
    'اپنی رفتار سے تیاری کریں۔ ساتھ ساتھ آپ کو صحیح جواب اور ان کی وضاحت نظر آتی ہے۔',
  'dashboard.card.contest.title': 'مقابلے کا کوئز',
  'dashboard.card.contest.ready':
    'آپ کے پاس مقابلے کی کوششیں موجود ہیں۔ پوری کوشش کریں: تیز اور صحیح جواب سب سے زیادہ نمبر لاتے ہیں۔',
  'dashboard.card.contest.none': 'پورے پاکستان سے اپنی جماعت کے طلبہ کا مقابلہ کریں۔',
  'dashboard.card.payment.title': 'ادائیگی',
  'dashboard.card.payment.more': 'مزید کوششیں چاہییں؟ یہاں ادائیگی کریں یا کوڈ لکھیں۔',
  'dashboard.card.payment.none': 'مقابلے کی کوششیں لینے کے لیے ادائیگی کریں یا کوڈ لکھیں۔',
  'dashboard.card.payment.action': 'کوششیں حاصل کریں',
  'dashboard.standing.title': 'آپ کی پوزیشن',
  'dashboard.standing.rankOf':
    'اپنی جماعت کے {count} طلبہ میں آپ کی پوزیشن {rank} ہے، اور آپ کے نمبر {score} ہیں۔ مقابلے کی آپ کی سب سے اچھی کوشش گنی جاتی ہے۔',
  'dashboard.standing.rankOnly':
    'اپنی جماعت میں آپ کی پوزیشن {rank} ہے، اور آپ کے نمبر {score} ہیں۔ مقابلے کی آپ کی سب سے اچھی کوشش گنی جاتی ہے۔',
  'dashboard.standing.nextPhase': 'اگلا مرحلہ: {phase}، {date} سے۔',
  'dashboard.standing.notRanked': 'ابھی کوئی پوزیشن نہیں: پوزیشن کے لیے مقابلے کی ایک کوشش مکمل کریں۔',
  'dashboard.standing.ended': '{phase} {date} کو ختم ہوا۔',
  'dashboard.standing.qualified': 'شاباش: آپ اس کے لیے منتخب ہو گئے ہیں!',
  'dashboard.standing.notQualified':
    'یہ ہر جماعت کے سب سے اچھے طلبہ کے لیے ہے؛ اس بار آپ منتخب نہیں ہوئے۔ مشق جاری رکھیں!',
  'dashboard.standing.topMoveOn': 'ہر جماعت کے سب سے اچھے طلبہ اس میں جاتے ہیں۔',
  'dashboard.quizzes.loading': 'آپ کے کوئز لوڈ ہو رہے ہیں…',
  'dashboard.quizzes.failed': 'آپ کے کوئز لوڈ نہیں ہو سکے۔',
  'dashboard.quizzes.noContest': 'اس وقت آپ کی جماعت کے لیے مقابلے کا کوئی کوئز کھلا نہیں ہے۔',
  'dashboard.quizzes.noPractice': 'اس وقت آپ کی جماعت کے لیے کوئی مشقی کوئز کھلا نہیں ہے۔',
  'dashboard.quizzes.questions': '{count} سوال',
  'dashboard.quizzes.minutesEach': 'ہر ایک کے لیے {minutes} منٹ',
  'dashboard.quizzes.secondsEach': 'ہر ایک کے لیے {seconds} سیکنڈ',
  'dashboard.quizzes.closes': '{date} کو بند ہوگا',
  'dashboard.quizzes.attemptsLeft': 'باقی کوششیں:',
  'dashboard.quizzes.allowanceUsed': 'آپ اس مقابلے کی تمام {count} کوششیں استعمال کر چکے ہیں۔',
  'dashboard.quizzes.opening': 'کھل رہا ہے…',
  'dashboard.quizzes.resume': 'جاری رکھیں',
  'dashboard.quizzes.getAttempts': 'کوششیں حاصل کریں',
  'dashboard.quizzes.start': 'شروع کریں',
  'dashboard.practicePage.title': 'مشقی کوئز',
  'dashboard.practicePage.text':
    'اپنی رفتار سے تیاری کریں: ساتھ ساتھ آپ کو صحیح جواب اور ان کی وضاحت نظر آتی ہے۔',
  'dashboard.contestPage.title': 'مقابلے کا کوئز',
  'dashboard.contestPage.text':
    'تیز اور صحیح جواب سب سے زیادہ نمبر لاتے ہیں۔ مقابلہ شروع ہونے کے بعد روکا نہیں جا سکتا۔',
};
