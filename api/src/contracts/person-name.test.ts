import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './accounts/schemas.js';
import { cleanName, hasHiddenCharacters, NAME_PROBLEMS, nameProblem } from './person-name.js';

const ZWNJ = '\u200c';

/** Real Urdu names as Pakistani families and keyboards write them, marks and joiners included. */
const URDU_NAMES = [
  'محمد علی',
  'عائشہ صدیقی',
  'فاطمہ بی بی',
  'حسن نواز ڈاہر',
  'مُحَمَّد عُمَر',
  'عبدالرحمٰن',
  `ثناء${ZWNJ}اللہ`,
  `عبد${ZWNJ}الرحیم`,
  `مُحَمَّد${ZWNJ}یوسف`,
  `زین${ZWNJ}العابدین`,
  'ماہ نور',
  'سیدہ ژالہ گیلانی',
];

const HIDDEN_NAMES: [string, string][] = [
  ['RIGHT-TO-LEFT OVERRIDE', '\u202e1# :knaR'],
  ['LEFT-TO-RIGHT OVERRIDE', 'Ali\u202dRaza'],
  ['embeddings', '\u202aAli\u202b Raza'],
  ['a pop', 'Ali\u202c'],
  ['RIGHT-TO-LEFT ISOLATE', 'Ali \u2067Raza\u2069'],
  ['FIRST STRONG ISOLATE', '\u2068Ali'],
  ['LEFT-TO-RIGHT ISOLATE', 'Ali\u2066'],
  ['ARABIC LETTER MARK', 'علی\u061c'],
  ['LEFT-TO-RIGHT MARK', 'Ali\u200e'],
  ['RIGHT-TO-LEFT MARK', '\u200fعلی'],
  ['ZERO WIDTH SPACE', 'Ali\u200bRaza'],
  ['only zero width spaces', '\u200b\u200b\u200b'],
  ['ZERO WIDTH JOINER', 'Ali\u200dRaza'],
  ['ZERO WIDTH NON-JOINER between Latin letters', `Ali${ZWNJ}Raza`],
  ['ZERO WIDTH NON-JOINER after an Urdu word', `علی${ZWNJ} رضا`],
  ['ZERO WIDTH NON-JOINER at the start', `${ZWNJ}علی`],
  ['WORD JOINER', 'Ali\u2060Raza'],
  ['a byte order mark', 'Ali\ufeffRaza'],
  ['SOFT HYPHEN', 'Ali\u00adRaza'],
  ['a control character', 'Ali\u0007Raza'],
  ['a line break', 'Ali\nRaza'],
  ['a LINE SEPARATOR', 'Ali\u2028Raza'],
  ['a HANGUL FILLER', '\u3164'],
  ['a variation selector', 'Ali\ufe0f'],
  ['a language tag', 'Ali\u{e0041}'],
  ['private use', 'Ali\ue000'],
  ['a blank Braille pattern', '\u2800\u2800'],
];

describe('names people type', () => {
  it.each(URDU_NAMES)('accepts the Urdu name %s', (name) => {
    expect(nameProblem(name)).toBeNull();
    expect(cleanName(name)).toBe(name);
  });

  it.each(['Fatima Malik', "Ayesha O'Brien", 'Zoë Ahmed-Khan', 'Muhammad Ali Jr.', 'The City School'])(
    'accepts the Latin name %s',
    (name) => {
      expect(nameProblem(name)).toBeNull();
    },
  );

  it.each(HIDDEN_NAMES)('refuses a name with %s', (_, name) => {
    expect(nameProblem(name)).toBe(NAME_PROBLEMS.hidden);
    expect(hasHiddenCharacters(name)).toBe(true);
  });

  it.each([
    ['', 'is required'],
    ['   \t ', 'is required'],
    ['\u0301\u0301', NAME_PROBLEMS.noLetter],
    ['  \u064e ', NAME_PROBLEMS.noLetter],
    ['12345', NAME_PROBLEMS.noLetter],
    ['- . -', NAME_PROBLEMS.noLetter],
  ])('refuses %j as a name with no letter', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });

  it('cleans what a public page shows: hidden characters gone, spaces tidied, Urdu joiners kept', () => {
    expect(cleanName('\u202e1# :knaR')).toBe('1# :knaR');
    expect(cleanName('\u200b\u200b\u200b')).toBe('');
    expect(cleanName('  Ali\u00a0\u00a0 \u2067Raza\u2069 ')).toBe('Ali Raza');
    expect(cleanName(`ثناء${ZWNJ}اللہ\u200f`)).toBe(`ثناء${ZWNJ}اللہ`);
    expect(cleanName(`Ali${ZWNJ}Raza`)).toBe('AliRaza');
  });

  it('leaves nothing a check would refuse once cleaned, whatever it was given', () => {
    const pool = ['a', 'ع', 'ل', '\u064e', ' ', ZWNJ, '\u200b', '\u202e', '\u2066', '\u034f', '\u00ad', '\n'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 800; i += 1) {
      const name = Array.from({ length: 1 + (next() % 12) }, () => pool[next() % pool.length]).join('');
      const cleaned = cleanName(name);
      expect(hasHiddenCharacters(cleaned), JSON.stringify(name)).toBe(false);
      expect(cleanName(cleaned)).toBe(cleaned);
    }
  });

  it('the forms and the api share it: a profile with an overriding name is refused field by field', () => {
    const result = profileUpdateSchema.safeParse({
      fullName: '\u202e1# :knaR',
      fatherName: `ثناء${ZWNJ}اللہ`,
      schoolName: '\u200b\u200b\u200b',
    });
    const problems = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(problems.fullName).toBe(NAME_PROBLEMS.hidden);
    expect(problems.schoolName).toBe(NAME_PROBLEMS.hidden);
    expect(problems.fatherName).toBeUndefined();
  });

  it('stores a typed name tidied: outer spaces, a pasted line break or BOM gone, inner runs one space', () => {
    const field = profileUpdateSchema.shape.fullName;
    expect(field.parse('  Fatima \u00a0  Malik ')).toBe('Fatima Malik');
    expect(field.parse('\ufeffFatima Malik\r\n')).toBe('Fatima Malik');
    expect(field.safeParse('x'.repeat(121)).error?.issues[0]?.message).toBe('must be at most 120 characters');
  });
});
