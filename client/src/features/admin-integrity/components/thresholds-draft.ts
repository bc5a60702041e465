import {
  type IntegrityOverrides,
  type IntegrityThresholds,
  THRESHOLD_GROUPS,
  THRESHOLD_LIMITS,
  type ThresholdGroup,
  thresholdProblem,
} from '@riyazi/api/contracts';
import type { FieldProblems } from '../../../shared/forms/form-errors';

/** A threshold's field: "group.name", as the api names it in its field errors. */
export type ThresholdField = {
  [G in ThresholdGroup]: `${G}.${Extract<keyof IntegrityThresholds[G], string>}`;
}[ThresholdGroup];

/** Every field as typed: text, so a half-typed "0." or an emptied box stays as the person left it. */
export type ThresholdsDraft = Record<ThresholdField, string>;

interface FieldText {
  label: string;
  /** What the number means, in words a reviewer can act on. */
  hint: string;
  unit?: string;
}

export const GROUP_TEXT: Record<ThresholdGroup, { title: string; intro: string }> = {
  fastCorrect: {
    title: 'Too fast',
    intro:
      'A play is flagged when enough of its correct answers came quicker than anyone can read the question.',
  },
  copiedAnswers: {
    title: 'Copied answers',
    intro:
      'Two plays are flagged when their answers, wrong ones included, match far beyond chance. Only a phase check compares plays.',
  },
  sharedOrigin: {
    title: 'Same device or network',
    intro:
      'Many accounts finishing close together from one device, or one network address (a school lab shares one, so it needs more).',
  },
  scriptedTiming: {
    title: 'Scripted timing',
    intro: 'Answers spaced too evenly for a child: a script or a bot.',
  },
};

export const FIELD_TEXT: Record<ThresholdField, FieldText> = {
  'fastCorrect.minReadMs': {
    label: 'Least reading time',
    hint: 'No child reads a question faster than this, however short.',
    unit: 'ms',
  },
  'fastCorrect.readMsPerChar': {
    label: 'Reading time per character',
    hint: 'Added for each character of the question.',
    unit: 'ms',
  },
  'fastCorrect.percentile': {
    label: 'Grade percentile',
    hint: "0.01 is the grade's fastest 1 % of correct answers to the question.",
  },
  'fastCorrect.percentileFactor': {
    label: 'Share of that percentile',
    hint: 'An answer under this share of the percentile time is fast too.',
  },
  'fastCorrect.minSample': {
    label: 'Correct answers before the percentile counts',
    hint: 'A question answered correctly by fewer children uses the reading time only.',
  },
  'fastCorrect.minFastAnswers': { label: 'Fast correct answers to flag', hint: 'At least this many.' },
  'fastCorrect.minFastFraction': {
    label: 'Share of correct answers that were fast',
    hint: '0.3: at least 30 % of the play’s correct answers.',
  },
  'copiedAnswers.minCommonQuestions': {
    label: 'Questions both answered',
    hint: 'Pairs that share fewer are not compared.',
  },
  'copiedAnswers.minMatchFraction': {
    label: 'Share of identical answers',
    hint: '0.9: nine in ten of those answers the same.',
  },
  'copiedAnswers.minSharedWrong': {
    label: 'Identical wrong answers',
    hint: 'Shared right answers prove little; shared mistakes do.',
  },
  'copiedAnswers.maxChanceLog10': {
    label: 'Chance of matching by luck, at most (power of ten)',
    hint: '−7: matching this often happens to one pair in 10 million by luck, among children of similar ability.',
  },
  'copiedAnswers.minSample': {
    label: 'Answers a question needs before its choices count',
    hint: 'Below this, how common a choice is cannot be told.',
  },
  'sharedOrigin.deviceMinStudents': { label: 'Students on one device', hint: 'This many or more.' },
  'sharedOrigin.deviceWindowMinutes': {
    label: 'Finishing within, on one device',
    hint: 'Before or after each other.',
    unit: 'minutes',
  },
  'sharedOrigin.ipMinStudents': {
    label: 'Students on one network address',
    hint: 'Keep this high: a school lab shares one address.',
  },
  'sharedOrigin.ipWindowMinutes': {
    label: 'Finishing within, on one address',
    hint: 'Before or after each other.',
    unit: 'minutes',
  },
  'scriptedTiming.minAnswers': { label: 'Answers needed', hint: 'Shorter plays are not judged.' },
  'scriptedTiming.maxCv': {
    label: 'Most even timing (coefficient of variation)',
    hint: 'Children vary; 0.08 means answer times within about 8 % of their mean.',
  },
};

const fieldsOf = (group: ThresholdGroup) =>
  Object.keys(THRESHOLD_LIMITS[group]).map((name) => `${group}.${name}` as ThresholdField);

export const GROUP_FIELDS = Object.fromEntries(THRESHOLD_GROUPS.map((g) => [g, fieldsOf(g)])) as Record<
  ThresholdGroup,
  ThresholdField[]
>;
export const THRESHOLD_FIELDS: readonly ThresholdField[] = THRESHOLD_GROUPS.flatMap(fieldsOf);

const split = (field: ThresholdField) => field.split('.') as [ThresholdGroup, string];
const valueIn = (thresholds: IntegrityThresholds, field: ThresholdField): number => {
  const [group, name] = split(field);
  return (thresholds[group] as Record<string, number>)[name] ?? Number.NaN;
};
export const limitOf = (field: ThresholdField) => {
  const [group, name] = split(field);
  return (THRESHOLD_LIMITS[group] as Record<string, { min: number; max: number; integer: boolean }>)[name];
};

export function toDraft(thresholds: IntegrityThresholds): ThresholdsDraft {
  return Object.fromEntries(
    THRESHOLD_FIELDS.map((f) => [f, String(valueIn(thresholds, f))]),
  ) as ThresholdsDraft;
}

export const defaultOf = (defaults: IntegrityThresholds, field: ThresholdField) => valueIn(defaults, field);

/** "−8" typed with a real minus sign, or "0,5" with a comma, reads as the number meant. */
const parse = (text: string) =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace('−', '-').replace(',', '.'));

export function draftProblems(draft: ThresholdsDraft): FieldProblems<ThresholdField> {
  const problems: FieldProblems<ThresholdField> = {};
  for (const field of THRESHOLD_FIELDS) {
    const limit = limitOf(field);
    const problem =
      draft[field].trim() === ''
        ? 'is required'
        : limit
          ? thresholdProblem(limit, parse(draft[field]))
          : null;
    if (problem !== null) {
      problems[field] = problem;
    }
  }
  return problems;
}

/**
 * The overrides to store: only what differs from the defaults, so a threshold left at its default
 * follows the default if a later release changes it.
 */
export function toOverrides(draft: ThresholdsDraft, defaults: IntegrityThresholds): IntegrityOverrides {
  const overrides: Record<string, Record<string, number>> = {};
  for (const field of THRESHOLD_FIELDS) {
    const value = parse(draft[field]);
    if (value !== valueIn(defaults, field)) {
      const [group, name] = split(field);
      overrides[group] = { ...overrides[group], [name]: value };
    }
  }
  return overrides as IntegrityOverrides;
}

/** How many thresholds differ from their defaults in `draft`. */
export const changedFromDefaults = (draft: ThresholdsDraft, defaults: IntegrityThresholds) =>
  THRESHOLD_FIELDS.filter((f) => parse(draft[f]) !== valueIn(defaults, f)).length;
