// Open Ended answer comparison, shared by api scoring and the client; keep it dependency-free.

const RELATIVE_TOLERANCE = 1e-9;
const MAX_NUMBER_LENGTH = 64;

const VULGAR_FRACTION_AFTER_DIGIT = /(\d)([\u00BC-\u00BE\u2150-\u215E])/g;
const MINUS_SIGNS = /[\u2012\u2013\u2212\uFE63]/g;
const FRACTION_SLASHES = /[\u2044\u2215]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;

const UNSIGNED_DECIMAL = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}|\d+)(?:\.\d*)?|\.\d+`;
const DECIMAL = new RegExp(String.raw`^(${UNSIGNED_DECIMAL})(\s*%)?$`);
const FRACTION = /^(\d+)\s*\/\s*(\d+)$/;
const MIXED_NUMBER = /^(\d+)\s+(\d+)\s*\/\s*(\d+)$/;

function arabicIndicToAscii(digit: string): string {
  const code = digit.charCodeAt(0);
  return String((code >= 0x06f0 ? code - 0x06f0 : code - 0x0660) % 10);
}

/** NFKC plus the folds a student's keyboard needs: Urdu/Arabic digits, Unicode minus, fraction slash. */
function normalizeAnswer(text: string): string {
  return text
    .replace(VULGAR_FRACTION_AFTER_DIGIT, '$1 $2')
    .normalize('NFKC')
    .replace(ARABIC_INDIC_DIGIT, arabicIndicToAscii)
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',')
    .replace(/\u066A/g, '%')
    .replace(MINUS_SIGNS, '-')
    .replace(FRACTION_SLASHES, '/')
    .replace(/\s+/g, ' ')
    .trim();
}

function parseUnsigned(text: string): number | null {
  const decimal = DECIMAL.exec(text);
  if (decimal) {
    const value = Number(decimal[1]!.replace(/,/g, ''));
    return decimal[2] === undefined ? value : value / 100;
  }
  const fraction = FRACTION.exec(text);
  if (fraction) {
    return Number(fraction[1]) / Number(fraction[2]);
  }
  const mixed = MIXED_NUMBER.exec(text);
  if (mixed) {
    return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  }
  return null;
}

/**
 * Reads an integer, decimal (`.5`), thousands-grouped (`1,200`, `1,00,000`), fraction (`-3/4`),
 * mixed number (`1 1/2`) or percentage (`50%` is 0.5); anything else, or a zero denominator, is null.
 */
export function parseNumber(text: string): number | null {
  const normalized = normalizeAnswer(text);
  if (normalized.length === 0 || normalized.length > MAX_NUMBER_LENGTH) {
    return null;
  }
  const sign = normalized[0] === '-' ? -1 : 1;
  const unsigned = normalized[0] === '-' || normalized[0] === '+' ? normalized.slice(1) : normalized;
  const value = parseUnsigned(unsigned);
  return value === null || !Number.isFinite(value) ? null : sign * value;
}

function numbersEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** Numbers compare by value (0.5 = 1/2 = 50%); other text trimmed, case- and width-insensitively. */
export function answersMatch(given: string, accepted: string): boolean {
  const givenText = normalizeAnswer(given).toLowerCase();
  const acceptedText = normalizeAnswer(accepted).toLowerCase();
  if (givenText.length === 0 || acceptedText.length === 0) {
    return false;
  }
  const givenNumber = parseNumber(givenText);
  const acceptedNumber = parseNumber(acceptedText);
  if (givenNumber !== null && acceptedNumber !== null) {
    return numbersEqual(givenNumber, acceptedNumber);
  }
  return givenText === acceptedText;
}

export function matchesAny(given: string, accepted: readonly string[]): boolean {
  return accepted.some((answer) => answersMatch(given, answer));
}
