import { NAME_PROBLEMS } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { format } from '../i18n/i18n-store';
import { en } from '../i18n/messages/en';
import { ur } from '../i18n/messages/ur';
import type { Translate } from '../i18n/use-t';
import { adminNameProblem, problemText } from './problem-text';

const inUrdu: Translate = (key, params) => format(ur[key], params);
const inEnglish: Translate = (key, params) => format(en[key], params);

describe('problemText', () => {
  it('words the schema phrases as sentences about the field, in English as before', () => {
    expect(problemText('E-mail', 'is required', inEnglish)).toBe('E-mail is required');
    expect(problemText('Full name', 'must be at most 120 characters', inEnglish)).toBe(
      'Full name must be at most 120 characters',
    );
    expect(problemText('Password', 'must be at least 8 characters', inEnglish)).toBe(
      'Password must be at least 8 characters',
    );
  });

  it('words them in Urdu, keeping the numbers', () => {
    expect(problemText('ای میل', 'is required', inUrdu)).toBe('ای میل لکھنا ضروری ہے');
    expect(problemText('پورا نام', 'must be at most 120 characters', inUrdu)).toBe(
      'پورا نام زیادہ سے زیادہ 120 حروف کا ہو سکتا ہے',
    );
    expect(problemText('شہر', 'must be a city from the list', inUrdu)).toBe(
      'شہر فہرست میں سے کوئی شہر ہونا چاہیے',
    );
  });

  it('words a name with hidden characters or without a letter, in English and Urdu', () => {
    expect(problemText('Full name', NAME_PROBLEMS.hidden, inEnglish)).toBe(
      'Full name must not contain invisible characters or text-direction marks. Please type it rather than paste it.',
    );
    expect(problemText('پورا نام', NAME_PROBLEMS.hidden, inUrdu)).toBe(
      'پورا نام میں نظر نہ آنے والے حروف یا لکھنے کی سمت بدلنے والے نشان نہیں ہو سکتے۔ براہِ کرم اسے کاپی کرنے کے بجائے خود لکھیں۔',
    );
    expect(problemText('والد کا نام', NAME_PROBLEMS.noLetter, inUrdu)).toBe(
      'والد کا نام میں کم از کم ایک حرف ہونا چاہیے',
    );
  });

  it('words a name problem for the back office', () => {
    expect(adminNameProblem(NAME_PROBLEMS.hidden)).toBe(
      'The name must not contain invisible characters or text-direction controls.',
    );
    expect(adminNameProblem('is required')).toBe('Enter the name.');
  });

  it("leaves a server's whole sentence as it was given, in any language", () => {
    expect(problemText('E-mail', 'This e-mail address is already registered.', inUrdu)).toBe(
      'This e-mail address is already registered.',
    );
    expect(problemText('ای میل', 'یہ ای میل پہلے سے موجود ہے۔', inUrdu)).toBe('یہ ای میل پہلے سے موجود ہے۔');
  });

  it('keeps a phrase it does not know rather than losing it', () => {
    expect(problemText('Grade', 'must be one of the grades offered', inEnglish)).toBe(
      'Grade must be one of the grades offered',
    );
    expect(problemText('جماعت', 'must be one of the grades offered', inUrdu)).toContain(
      'must be one of the grades offered',
    );
  });
});
