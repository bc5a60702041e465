import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../../../../api/src/modules/integrity/integrity.thresholds';
import {
  changedFromDefaults,
  draftProblems,
  THRESHOLD_FIELDS,
  toDraft,
  toOverrides,
} from './thresholds-draft';

describe('integrity thresholds draft', () => {
  it('has a field for every threshold of every group', () => {
    const names = Object.entries(DEFAULT_THRESHOLDS).flatMap(([group, fields]) =>
      Object.keys(fields).map((name) => `${group}.${name}`),
    );
    expect([...THRESHOLD_FIELDS].sort()).toEqual(names.sort());
  });

  it('stores only what differs from the defaults, reading a typed minus sign and a decimal comma', () => {
    const draft = toDraft(DEFAULT_THRESHOLDS);
    expect(toOverrides(draft, DEFAULT_THRESHOLDS)).toEqual({});
    expect(changedFromDefaults(draft, DEFAULT_THRESHOLDS)).toBe(0);
    const edited = {
      ...draft,
      'sharedOrigin.deviceMinStudents': '4',
      'copiedAnswers.maxChanceLog10': '−10',
      'scriptedTiming.maxCv': '0,05',
    };
    expect(draftProblems(edited)).toEqual({});
    expect(toOverrides(edited, DEFAULT_THRESHOLDS)).toEqual({
      sharedOrigin: { deviceMinStudents: 4 },
      copiedAnswers: { maxChanceLog10: -10 },
      scriptedTiming: { maxCv: 0.05 },
    });
    expect(changedFromDefaults(edited, DEFAULT_THRESHOLDS)).toBe(3);
  });

  it('names an empty box, a word, a fraction where a whole number belongs and a value out of range', () => {
    const draft = {
      ...toDraft(DEFAULT_THRESHOLDS),
      'fastCorrect.minReadMs': '',
      'fastCorrect.minSample': 'thirty',
      'sharedOrigin.deviceMinStudents': '2.5',
      'fastCorrect.percentile': '0.6',
      'copiedAnswers.maxChanceLog10': '3',
      'sharedOrigin.ipMinStudents': '1',
    };
    expect(draftProblems(draft)).toEqual({
      'fastCorrect.minReadMs': 'is required',
      'fastCorrect.minSample': 'must be a number',
      'sharedOrigin.deviceMinStudents': 'must be a whole number',
      'fastCorrect.percentile': 'must be at most 0.5',
      'copiedAnswers.maxChanceLog10': 'must be at most 0',
      'sharedOrigin.ipMinStudents': 'must be at least 2',
    });
  });
});
