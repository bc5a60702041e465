import { describe, expect, it } from 'vitest';
import { tooManyAttempts } from '../../auth/auth-limits.js';
import { CODE_SENT_MESSAGE } from '../../auth/login-limits.js';
import { preferredLanguage } from './accept-language.js';
import { urduFieldProblem, urduMessage } from './student-messages.js';

describe('preferredLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ur', 'ur'],
    ['ur-PK,ur;q=0.9,en;q=0.8', 'ur'],
    ['en-GB,en;q=0.9,ur;q=0.5', 'en'],
    ['fr,ur;q=0.4', 'ur'],
    ['ur;q=0,en;q=0.1', 'en'],
    ['de,fr', 'en'],
    ['ur;q=abc', 'en'],
  ])('%j prefers %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});

describe('urduMessage', () => {
  it('translates a known message and leaves an unknown one in English', () => {
    expect(urduMessage('Invalid email or password')).toBe('ای میل یا پاس ورڈ درست نہیں ہے۔');
    expect(urduMessage('Only a Super Admin can change phase winners')).toBe(
      'Only a Super Admin can change phase winners',
    );
  });

  it('translates what a login asking for the e-mailed code says', () => {
    expect(urduMessage(CODE_SENT_MESSAGE)).toContain('6 ہندسوں کا کوڈ');
    expect(
      urduMessage(
        'We have sent several codes already. Use the newest one in your e-mail, or try again in 12 minutes.',
      ),
    ).toBe(
      'ہم کئی کوڈ بھیج چکے ہیں۔ ای میل میں آیا ہوا سب سے نیا کوڈ لکھیں، یا 12 منٹ بعد دوبارہ کوشش کریں۔',
    );
  });

  it('translates a rate-limit message with its wait, the number kept as digits', () => {
    expect(urduMessage(tooManyAttempts(300).message)).toBe(
      'بہت زیادہ کوششیں ہو گئیں۔ براہِ کرم 5 منٹ بعد دوبارہ کوشش کریں۔',
    );
    expect(urduMessage('Too many requests. Please try again in 3 hours.')).toBe(
      'بہت زیادہ درخواستیں آ گئیں۔ براہِ کرم 3 گھنٹے بعد دوبارہ کوشش کریں۔',
    );
  });

  it('names a form field in Urdu beside its problem', () => {
    expect(urduMessage('email: must be a valid e-mail address')).toBe('ای میل: درست ای میل ایڈریس لکھیں');
    expect(urduFieldProblem('is required')).toBe('لازمی ہے');
    expect(urduMessage('email: something new')).toBe('email: something new');
  });

  it('words a refused name in Urdu', () => {
    expect(urduMessage('fullName: must not contain invisible characters or text-direction controls')).toBe(
      'پورا نام: نظر نہ آنے والے حروف یا لکھنے کی سمت بدلنے والے نشانوں کے بغیر لکھیں',
    );
  });
});
