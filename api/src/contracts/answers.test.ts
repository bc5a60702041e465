import { describe, expect, it } from 'vitest';
import { answersMatch, matchesAny, parseNumber } from './answers.js';

describe('parseNumber', () => {
  it.each([
    ['42', 42],
    ['+7', 7],
    ['-13', -13],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['-.25', -0.25],
    ['3.', 3],
    ['1,200', 1200],
    ['1,234,567.5', 1234567.5],
    ['1,00,000', 100000],
    ['1/2', 0.5],
    ['-3/4', -0.75],
    ['3 / 4', 0.75],
    ['1 1/2', 1.5],
    ['-2 1/4', -2.25],
    ['50%', 0.5],
    ['12.5 %', 0.125],
    ['−2', -2],
    ['  9  ', 9],
    ['½', 0.5],
    ['1½', 1.5],
    ['۱۲', 12],
    ['٣٫٥', 3.5],
    ['１２', 12],
  ])('reads %j as %d', (text, expected) => {
    expect(parseNumber(text)).toBeCloseTo(expected, 12);
  });

  it.each([
    '',
    '   ',
    'abc',
    '1/0',
    '0/0',
    '1 1/0',
    '1,5',
    '12,34',
    '1,2345',
    '--3',
    '- 3',
    '1e5',
    'Infinity',
    'NaN',
    '0x10',
    '1.2.3',
    '%',
    '1/2%',
    '1 2',
    '9'.repeat(400),
  ])('rejects %j', (text) => {
    expect(parseNumber(text)).toBeNull();
  });
});

describe('answersMatch', () => {
  it.each([
    ['0.5', '1/2'],
    ['.5', '1/2'],
    ['1,200', '1200'],
    ['1 1/2', '1.5'],
    ['2/4', '0.5'],
    ['-3/4', '-0.75'],
    ['−2', '-2'],
    ['50%', '0.5'],
    ['50%', '1/2'],
    ['3.0', '3'],
    ['007', '7'],
    ['+4', '4'],
    ['0', '-0'],
    ['0.3333333333', '1/3'],
    ['1,00,000', '100000'],
    ['۵', '5'],
    ['Lahore ', 'lahore'],
    ['  Quaid-e-Azam  ', 'quaid-e-azam'],
    ['right   angle', 'Right Angle'],
    ['ＡＢＣ', 'abc'],
    ['x − 2', 'x - 2'],
  ])('matches %j with %j', (given, accepted) => {
    expect(answersMatch(given, accepted)).toBe(true);
  });

  it.each([
    ['12', '21'],
    ['abc', 'abd'],
    ['0.33', '1/3'],
    ['1/0', '0'],
    ['50', '50%'],
    ['-2', '2'],
    ['1,5', '1.5'],
    ['12', 'twelve'],
    ['', ''],
    ['', '0'],
    ['   ', ' '],
    ['0', ''],
    ['1 1/2', '11/2'],
    ['Lahore', 'Lahor'],
    ['1.0000001', '1'],
  ])('does not match %j with %j', (given, accepted) => {
    expect(answersMatch(given, accepted)).toBe(false);
  });

  it('compares huge numbers relatively', () => {
    expect(answersMatch('1,000,000,000,000', '1000000000000.0001')).toBe(true);
  });
});

describe('matchesAny', () => {
  it('matches when any accepted answer matches', () => {
    expect(matchesAny('1/2', ['half', '0.5'])).toBe(true);
  });

  it('does not match an empty list', () => {
    expect(matchesAny('1/2', [])).toBe(false);
  });

  it('does not match an empty answer against an empty accepted answer', () => {
    expect(matchesAny('', ['', 'x'])).toBe(false);
  });
});
