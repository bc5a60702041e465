import { NAME_PROBLEMS } from '../../contracts/person-name.js';

/**
 * The Urdu of the api messages a child can meet (login, sign-up, verification, password reset,
 * profile, payments, play, limits), keyed by the English one the code throws. Admin messages are
 * left out on purpose: the back office stays English.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  // Sessions and login
  Unauthorized: 'پہلے لاگ اِن کریں۔',
  'You do not have permission to do this': 'آپ یہ کام نہیں کر سکتے۔',
  'Session expired. Please log in again.': 'آپ کا سیشن ختم ہو گیا ہے۔ براہِ کرم دوبارہ لاگ اِن کریں۔',
  'Invalid email or password': 'ای میل یا پاس ورڈ درست نہیں ہے۔',
  'Your account is inactive.': 'آپ کا اکاؤنٹ بند ہے۔',
  'Please tick the box to show that you are not a robot, then log in again.':
    'یہ دکھانے کے لیے کہ آپ روبوٹ نہیں ہیں، خانے پر نشان لگائیں، پھر دوبارہ لاگ اِن کریں۔',
  'The security check did not work. Please tick the box again.':
    'حفاظتی جانچ کامیاب نہیں ہوئی۔ براہِ کرم خانے پر دوبارہ نشان لگائیں۔',
  'For your safety, we have sent a 6-digit code to your e-mail address. Type it here to log in; it works for 10 minutes.':
    'آپ کی حفاظت کے لیے ہم نے آپ کے ای میل ایڈریس پر 6 ہندسوں کا کوڈ بھیجا ہے۔ لاگ اِن کرنے کے لیے اسے یہاں لکھیں؛ یہ 10 منٹ تک کام کرتا ہے۔',
  'This code is not right. Check the e-mail and type the code again.':
    'یہ کوڈ درست نہیں ہے۔ ای میل دیکھ کر کوڈ دوبارہ لکھیں۔',
  'This code has expired or was used up. Log in again to get a new code.':
    'اس کوڈ کی مدت ختم ہو گئی ہے یا یہ استعمال ہو چکا ہے۔ نیا کوڈ لینے کے لیے دوبارہ لاگ اِن کریں۔',
  'Too many tries. Please try again later.':
    'بہت زیادہ کوششیں ہو گئیں۔ براہِ کرم کچھ دیر بعد دوبارہ کوشش کریں۔',
  'Too many uploads. Please try again later.':
    'بہت زیادہ فائلیں بھیجی گئیں۔ براہِ کرم کچھ دیر بعد دوبارہ کوشش کریں۔',
  // Sign-up, verification, password reset, profile
  'Registration is closed': 'رجسٹریشن ابھی بند ہے۔',
  'An account with this e-mail already exists. Log in, or reset your password.':
    'اس ای میل سے اکاؤنٹ پہلے سے موجود ہے۔ لاگ اِن کریں، یا اپنا پاس ورڈ دوبارہ بنائیں۔',
  'Another account already uses this e-mail address.':
    'یہ ای میل ایڈریس کسی اور اکاؤنٹ میں استعمال ہو رہا ہے۔',
  'Your e-mail address is already confirmed.': 'آپ کا ای میل ایڈریس پہلے ہی تصدیق شدہ ہے۔',
  'This link is invalid or has expired. Log in and ask for a new one.':
    'یہ لنک درست نہیں یا اس کی مدت ختم ہو گئی ہے۔ لاگ اِن کر کے نیا لنک منگوائیں۔',
  'This link is invalid or has expired. Ask for a new one.':
    'یہ لنک درست نہیں یا اس کی مدت ختم ہو گئی ہے۔ نیا لنک منگوائیں۔',
  'This link is for an e-mail address your account no longer uses.':
    'یہ لنک ایسے ای میل ایڈریس کا ہے جو اب آپ کے اکاؤنٹ میں نہیں۔',
  'This e-mail address is now used by another account, so it cannot be confirmed. Keep your current address or choose another one in your profile.':
    'یہ ای میل ایڈریس اب کسی اور اکاؤنٹ میں استعمال ہو رہا ہے، اس لیے اس کی تصدیق نہیں ہو سکتی۔ اپنا موجودہ ایڈریس رکھیں یا پروفائل میں کوئی اور ایڈریس چنیں۔',
  'Student not found': 'یہ اکاؤنٹ نہیں ملا۔',
  'Document not found': 'دستاویز نہیں ملی۔',
  'The file must be a photo (JPEG, PNG or WebP) or a PDF':
    'فائل تصویر (JPEG، PNG یا WebP) یا PDF ہونی چاہیے۔',
  'This image could not be read. Please take the photo again.':
    'یہ تصویر پڑھی نہیں جا سکی۔ براہِ کرم دوبارہ تصویر لیں۔',
  'Many documents are being checked right now. Please try again in a minute.':
    'ابھی بہت سے کاغذات کی جانچ ہو رہی ہے۔ براہِ کرم ایک منٹ بعد کوشش کریں۔',
  'The image is larger than 2 MB. Please upload a smaller picture.':
    'تصویر 2 MB سے بڑی ہے۔ براہِ کرم چھوٹی تصویر بھیجیں۔',
  // Playing
  'A contest cannot be stopped.': 'مقابلہ روکا نہیں جا سکتا۔',
  'A contest cannot be paused.': 'مقابلے کو وقفہ نہیں دیا جا سکتا۔',
  'There is no question on the clock to pause.': 'وقفے کے لیے ابھی کوئی سوال نہیں چل رہا۔',
  'Answer the current question first.': 'پہلے موجودہ سوال کا جواب دیں۔',
  'Contest answers are shown once the results are released.':
    'مقابلے کے جواب نتائج کے اعلان کے بعد دکھائے جاتے ہیں۔',
  'The contest has ended.': 'مقابلہ ختم ہو چکا ہے۔',
  'The contest has not started yet.': 'مقابلہ ابھی شروع نہیں ہوا۔',
  'Please complete your profile before starting the contest.':
    'مقابلہ شروع کرنے سے پہلے اپنی پروفائل مکمل کریں۔',
  'The review opens when the quiz is finished.': 'کوئز ختم ہونے کے بعد آپ اپنے جواب دیکھ سکیں گے۔',
  'This quiz has closed.': 'یہ کوئز بند ہو چکا ہے۔',
  'This quiz has not opened yet.': 'یہ کوئز ابھی شروع نہیں ہوا۔',
  'This quiz is already over.': 'یہ کوئز ختم ہو چکا ہے۔',
  'This quiz is not available.': 'یہ کوئز دستیاب نہیں ہے۔',
  'This quiz is not for your grade.': 'یہ کوئز آپ کی جماعت کے لیے نہیں ہے۔',
  'This quiz is not ready yet. Please try again later.':
    'یہ کوئز ابھی تیار نہیں۔ براہِ کرم کچھ دیر بعد کوشش کریں۔',
  'You have no contest attempts left.': 'آپ کے پاس مقابلے کی کوئی باری باقی نہیں۔',
  'Your documents must be verified before you can start the contest.':
    'مقابلہ شروع کرنے سے پہلے آپ کے کاغذات کی تصدیق ضروری ہے۔',
  'Your quiz was just started on another device. Please try again.':
    'آپ کا کوئز ابھی کسی اور ڈیوائس پر شروع ہوا ہے۔ براہِ کرم دوبارہ کوشش کریں۔',
  'Play not found': 'یہ کوئز نہیں ملا۔',
  'This question is not part of the quiz': 'یہ سوال اس کوئز کا حصہ نہیں ہے۔',
  // Payments and codes
  'Online payment is turned off. You can still use an access code.':
    'آن لائن ادائیگی ابھی بند ہے۔ آپ ایکسیس کوڈ استعمال کر سکتے ہیں۔',
  'Payment not found': 'ادائیگی نہیں ملی۔',
  'This package is not on sale.': 'یہ پیکج ابھی دستیاب نہیں۔',
  'This payment method is not available.': 'ادائیگی کا یہ طریقہ دستیاب نہیں۔',
  'This promo code does not apply to this package.': 'یہ پرومو کوڈ اس پیکج پر لاگو نہیں ہوتا۔',
  'This promo code has been used up.': 'یہ پرومو کوڈ پورا استعمال ہو چکا ہے۔',
  'This promo code has expired.': 'اس پرومو کوڈ کی مدت ختم ہو چکی ہے۔',
  'This promo code is not active yet.': 'یہ پرومو کوڈ ابھی فعال نہیں ہوا۔',
  'This promo code is not valid.': 'یہ پرومو کوڈ درست نہیں۔',
  'You have already used this promo code.': 'آپ یہ پرومو کوڈ پہلے ہی استعمال کر چکے ہیں۔',
  'This code has already been redeemed.': 'یہ کوڈ پہلے ہی استعمال ہو چکا ہے۔',
  'This code has already been revoked.': 'یہ کوڈ منسوخ ہو چکا ہے۔',
  'Access code not found': 'یہ ایکسیس کوڈ نہیں ملا۔',
  'Internal server error': 'کچھ غلط ہو گیا۔ براہِ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔',
  'The service is briefly unavailable. Please try again in a moment.':
    'سروس چند لمحوں کے لیے دستیاب نہیں۔ براہِ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔',
};

/** Problems of one form field ("email: must be a valid e-mail address"), shown next to the field. */
const FIELD_PROBLEMS: Readonly<Record<string, string>> = {
  'is required': 'لازمی ہے',
  'must be a valid e-mail address': 'درست ای میل ایڈریس لکھیں',
  'must be a Pakistani mobile number like 03001234567': 'پاکستانی موبائل نمبر لکھیں، جیسے 03001234567',
  'must be accepted to continue': 'آگے بڑھنے کے لیے انہیں قبول کریں',
  'must not be your e-mail address': 'آپ کا ای میل ایڈریس نہیں ہو سکتا',
  'must be the 6 digits from the e-mail': 'ای میل میں آئے ہوئے 6 ہندسے لکھیں',
  'must be at least 8 characters': 'کم از کم 8 حروف کا ہو',
  'must be at most 128 characters': 'زیادہ سے زیادہ 128 حروف کا ہو',
  'is too common: choose something harder to guess': 'بہت عام ہے: کوئی ایسا چنیں جس کا اندازہ لگانا مشکل ہو',
  'must be a city from the list': 'فہرست میں سے شہر چنیں',
  'must be one of the grades offered': 'دی گئی جماعتوں میں سے ایک چنیں',
  'Your grade can only be changed by the organisers. Please contact us.':
    'آپ کی جماعت صرف منتظمین بدل سکتے ہیں۔ براہِ کرم ہم سے رابطہ کریں۔',
  'Please confirm that you are not a robot': 'تصدیق کریں کہ آپ روبوٹ نہیں ہیں',
  'choose one option': 'ایک جواب چنیں',
  'send one answer': 'ایک جواب بھیجیں',
  'contains an option that is not part of this question': 'اس میں ایسا جواب ہے جو اس سوال کا حصہ نہیں',
  'is not an access code (XXXX-XXXX-XXXX)': 'ایکسیس کوڈ نہیں ہے (XXXX-XXXX-XXXX)',
  'is used by another account': 'کسی اور اکاؤنٹ میں استعمال ہو رہا ہے',
  [NAME_PROBLEMS.hidden]: 'نظر نہ آنے والے حروف یا لکھنے کی سمت بدلنے والے نشانوں کے بغیر لکھیں',
  [NAME_PROBLEMS.noLetter]: 'کم از کم ایک حرف لکھیں',
  'must be at most 120 characters': 'زیادہ سے زیادہ 120 حروف کا ہو',
  'must be at most 160 characters': 'زیادہ سے زیادہ 160 حروف کا ہو',
};

const FIELD_NAMES: Readonly<Record<string, string>> = {
  email: 'ای میل',
  password: 'پاس ورڈ',
  fullName: 'پورا نام',
  fatherName: 'والد کا نام',
  phone: 'فون نمبر',
  gender: 'جنس',
  city: 'شہر',
  schoolName: 'اسکول کا نام',
  gradeId: 'جماعت',
  referralSource: 'آپ کو ہمارے بارے میں کہاں سے پتا چلا',
  acceptTerms: 'شرائط',
  recaptchaToken: 'حفاظتی جانچ',
  answers: 'جواب',
  code: 'کوڈ',
  language: 'زبان',
};

/** "5 minutes" / "3 hours" as waitText (auth-limits.ts) writes them. */
function urduWait(wait: string): string {
  return wait.replace(/^(\d+) minutes?$/, '$1 منٹ').replace(/^(\d+) hours?$/, '$1 گھنٹے');
}

const WITH_WAIT: readonly [RegExp, (wait: string) => string][] = [
  [
    /^Too many attempts\. Please try again in (.+)\.$/,
    (w) => `بہت زیادہ کوششیں ہو گئیں۔ براہِ کرم ${w} بعد دوبارہ کوشش کریں۔`,
  ],
  [
    /^Too many sign-ups from this network\. Please try again in (.+)\.$/,
    (w) => `اس نیٹ ورک سے بہت زیادہ اکاؤنٹ بنائے گئے ہیں۔ براہِ کرم ${w} بعد دوبارہ کوشش کریں۔`,
  ],
  [
    /^We have sent several links already\. Please check your spam folder, or try again in (.+)\.$/,
    (w) => `ہم کئی لنک بھیج چکے ہیں۔ اپنا اسپام فولڈر دیکھیں، یا ${w} بعد دوبارہ کوشش کریں۔`,
  ],
  [
    /^We have sent several codes already\. Use the newest one in your e-mail, or try again in (.+)\.$/,
    (w) => `ہم کئی کوڈ بھیج چکے ہیں۔ ای میل میں آیا ہوا سب سے نیا کوڈ لکھیں، یا ${w} بعد دوبارہ کوشش کریں۔`,
  ],
  [
    /^Too many requests\. Please try again in (.+)\.$/,
    (w) => `بہت زیادہ درخواستیں آ گئیں۔ براہِ کرم ${w} بعد دوبارہ کوشش کریں۔`,
  ],
];

/** The Urdu of one field's problem, or the English when the catalogue does not have it. */
export function urduFieldProblem(problem: string): string {
  return FIELD_PROBLEMS[problem] ?? problem;
}

/** The Urdu of a message a child can meet; the English one when the catalogue does not have it. */
export function urduMessage(message: string): string {
  const exact = MESSAGES[message];
  if (exact !== undefined) {
    return exact;
  }
  for (const [pattern, urdu] of WITH_WAIT) {
    const match = pattern.exec(message);
    if (match?.[1] !== undefined) {
      return urdu(urduWait(match[1]));
    }
  }
  const field = /^([A-Za-z][\w.]*): (.+)$/.exec(message);
  if (field?.[1] !== undefined && field[2] !== undefined && FIELD_PROBLEMS[field[2]] !== undefined) {
    const name = FIELD_NAMES[field[1]] ?? field[1];
    return `${name}: ${FIELD_PROBLEMS[field[2]]}`;
  }
  return message;
}
