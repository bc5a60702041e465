import { describe, expect, it } from 'vitest';
import {
  bodyFromDraft,
  emptyDraft,
  emptyRule,
  fromLocalInput,
  poolBodyFromDraft,
  type QuizDraft,
  toLocalInput,
  validateDraft,
} from './quiz-form-model';

const filled = (change: Partial<QuizDraft> = {}): QuizDraft => ({
  ...emptyDraft(),
  title: ' Grade 4 contest ',
  gradeIds: ['g4'],
  phaseId: 'p1',
  ...change,
});

describe('quiz form model', () => {
  it('starts with the defaults: 15 questions, 180 s, 2 attempts, one any-category rule for all', () => {
    const draft = emptyDraft();
    expect(draft).toMatchObject({ questionCount: '15', secondsPerQuestion: '180', attemptsAllowed: '2' });
    expect(draft.rules).toHaveLength(1);
    expect(draft.rules[0]).toMatchObject({ categoryId: '', subCategoryId: '', questionCount: '15' });
  });

  it('finds the missing and out-of-range fields, and rules that do not add up', () => {
    const problems = validateDraft({
      ...emptyDraft(),
      secondsPerQuestion: '5',
      rules: [emptyRule('10'), emptyRule('x')],
      opensAt: '2026-12-02T10:00',
      closesAt: '2026-12-01T10:00',
    });
    expect(Object.keys(problems).sort()).toEqual([
      'closesAt',
      'gradeIds',
      'phaseId',
      'rules',
      'rules.1.questionCount',
      'secondsPerQuestion',
      'title',
    ]);
    expect(validateDraft(filled())).toEqual({});
  });

  it('sends rules with nulls for "any" and drops the sub category without a category', () => {
    const draft = filled({
      rules: [
        { key: 'a', categoryId: 'alg', subCategoryId: 'frac', questionCount: '5' },
        { key: 'b', categoryId: '', subCategoryId: 'stale', questionCount: '10' },
      ],
    });
    const body = bodyFromDraft(draft);
    expect(body).toMatchObject({ title: 'Grade 4 contest', questionCount: 15, questionIds: [] });
    expect(body.rules).toEqual([
      { categoryId: 'alg', subCategoryId: 'frac', questionCount: 5 },
      { categoryId: null, subCategoryId: null, questionCount: 10 },
    ]);
  });

  it('checks the pool only once grades, phase and counts are readable', () => {
    expect(poolBodyFromDraft(emptyDraft())).toBeNull();
    expect(poolBodyFromDraft(filled({ rules: [emptyRule('')] }))).toBeNull();
    expect(poolBodyFromDraft(filled())).toMatchObject({ gradeIds: ['g4'], questionCount: 15 });
  });

  it('round-trips datetime-local values through ISO', () => {
    const iso = fromLocalInput('2026-12-01T09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
    expect(fromLocalInput('')).toBeNull();
  });
});
