import { QUIZ_DEFAULTS } from '@riyazi/api/contracts';
import { fromLocalInput, toLocalInput } from '../../../shared/format/local-input';
import type {
  PickedQuestion,
  PoolCheckBody,
  PoolMode,
  Quiz,
  QuizBody,
  QuizKind,
  QuizStatus,
} from '../api/quizzes-api';

export { fromLocalInput, toLocalInput };

/** A rule row of the form: '' means "any". Counts stay text while typed. */
export interface RuleDraft {
  key: string;
  categoryId: string;
  subCategoryId: string;
  questionCount: string;
}

export interface QuizDraft {
  title: string;
  kind: QuizKind;
  gradeIds: string[];
  phaseId: string;
  questionCount: string;
  secondsPerQuestion: string;
  attemptsAllowed: string;
  /** datetime-local values (Pakistan time), '' for none. */
  opensAt: string;
  closesAt: string;
  status: QuizStatus;
  poolMode: PoolMode;
  rules: RuleDraft[];
  picked: PickedQuestion[];
}

export type FormField =
  | 'title'
  | 'kind'
  | 'gradeIds'
  | 'phaseId'
  | 'questionCount'
  | 'secondsPerQuestion'
  | 'attemptsAllowed'
  | 'opensAt'
  | 'closesAt'
  | 'status'
  | 'poolMode'
  | 'rules'
  | 'questionIds'
  | 'pool';
/** Field problems; rule rows use keys like 'rules.0.subCategoryId' as the server does. */
export type FormProblems = Partial<Record<string, string>>;

let nextKey = 0;
export const newRuleKey = () => `rule-${++nextKey}`;

export function emptyRule(questionCount = ''): RuleDraft {
  return { key: newRuleKey(), categoryId: '', subCategoryId: '', questionCount };
}

export function emptyDraft(): QuizDraft {
  return {
    title: '',
    kind: 'CONTEST',
    gradeIds: [],
    phaseId: '',
    questionCount: String(QUIZ_DEFAULTS.questionCount),
    secondsPerQuestion: String(QUIZ_DEFAULTS.secondsPerQuestion),
    attemptsAllowed: String(QUIZ_DEFAULTS.attemptsAllowed.CONTEST),
    opensAt: '',
    closesAt: '',
    status: 'Active',
    poolMode: 'RULES',
    rules: [emptyRule(String(QUIZ_DEFAULTS.questionCount))],
    picked: [],
  };
}

export function draftFromQuiz(quiz: Quiz): QuizDraft {
  return {
    title: quiz.title,
    kind: quiz.kind,
    gradeIds: quiz.gradeIds,
    phaseId: quiz.phaseId,
    questionCount: String(quiz.questionCount),
    secondsPerQuestion: String(quiz.secondsPerQuestion),
    attemptsAllowed: String(quiz.attemptsAllowed),
    opensAt: toLocalInput(quiz.opensAt),
    closesAt: toLocalInput(quiz.closesAt),
    status: quiz.status,
    poolMode: quiz.poolMode,
    rules:
      quiz.rules.length > 0
        ? quiz.rules.map((r) => ({
            key: newRuleKey(),
            categoryId: r.categoryId ?? '',
            subCategoryId: r.subCategoryId ?? '',
            questionCount: String(r.questionCount),
          }))
        : [emptyRule(String(quiz.questionCount))],
    picked: quiz.pickedQuestions,
  };
}

/** A whole number within bounds, or null. */
export function wholeIn(value: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(value)) {
    return null;
  }
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

const rulesOf = (draft: QuizDraft) =>
  draft.rules.map((r) => ({
    categoryId: r.categoryId === '' ? null : r.categoryId,
    subCategoryId: r.categoryId === '' || r.subCategoryId === '' ? null : r.subCategoryId,
    questionCount: wholeIn(r.questionCount, 1, 100) ?? 0,
  }));

export const ruleSum = (draft: QuizDraft) =>
  draft.rules.reduce((sum, r) => sum + (wholeIn(r.questionCount, 1, 100) ?? 0), 0);

export function validateDraft(draft: QuizDraft): FormProblems {
  const problems: FormProblems = {};
  if (draft.title.trim() === '') {
    problems.title = 'Enter a title';
  } else if (draft.title.trim().length > 160) {
    problems.title = 'At most 160 characters';
  }
  if (draft.gradeIds.length === 0) {
    problems.gradeIds = 'Choose at least one grade';
  }
  if (draft.phaseId === '') {
    problems.phaseId = 'Choose a phase';
  }
  const count = wholeIn(draft.questionCount, 1, 100);
  if (count === null) {
    problems.questionCount = 'A whole number from 1 to 100';
  }
  if (wholeIn(draft.secondsPerQuestion, 10, 3600) === null) {
    problems.secondsPerQuestion = 'A whole number from 10 to 3600';
  }
  if (wholeIn(draft.attemptsAllowed, 1, 100) === null) {
    problems.attemptsAllowed = 'A whole number from 1 to 100';
  }
  const opens = fromLocalInput(draft.opensAt);
  const closes = fromLocalInput(draft.closesAt);
  if (opens !== null && closes !== null && closes <= opens) {
    problems.closesAt = 'Must be after the opening time';
  }
  if (draft.poolMode === 'RULES') {
    draft.rules.forEach((rule, i) => {
      if (wholeIn(rule.questionCount, 1, 100) === null) {
        problems[`rules.${i}.questionCount`] = '1 to 100';
      }
    });
    if (draft.rules.length === 0) {
      problems.rules = 'Add at least one rule';
    } else if (count !== null && ruleSum(draft) !== count) {
      problems.rules = `The rules add up to ${ruleSum(draft)}, not the ${count} questions per attempt`;
    }
  } else if (draft.picked.length === 0) {
    problems.questionIds = 'Pick at least one question';
  }
  return problems;
}

export function bodyFromDraft(draft: QuizDraft): QuizBody {
  return {
    title: draft.title.trim(),
    kind: draft.kind,
    gradeIds: draft.gradeIds,
    phaseId: draft.phaseId,
    questionCount: Number(draft.questionCount),
    secondsPerQuestion: Number(draft.secondsPerQuestion),
    attemptsAllowed: Number(draft.attemptsAllowed),
    opensAt: fromLocalInput(draft.opensAt),
    closesAt: fromLocalInput(draft.closesAt),
    status: draft.status,
    poolMode: draft.poolMode,
    rules: draft.poolMode === 'RULES' ? rulesOf(draft) : [],
    questionIds: draft.poolMode === 'QUESTIONS' ? draft.picked.map((q) => q._id) : [],
  };
}

/** What the live pool check sends, or null while the pool is too incomplete to check. */
export function poolBodyFromDraft(draft: QuizDraft): PoolCheckBody | null {
  const questionCount = wholeIn(draft.questionCount, 1, 100);
  if (draft.phaseId === '' || draft.gradeIds.length === 0 || questionCount === null) {
    return null;
  }
  if (draft.poolMode === 'RULES' && draft.rules.some((r) => wholeIn(r.questionCount, 1, 100) === null)) {
    return null;
  }
  return {
    kind: draft.kind,
    gradeIds: draft.gradeIds,
    phaseId: draft.phaseId,
    questionCount,
    poolMode: draft.poolMode,
    rules: draft.poolMode === 'RULES' ? rulesOf(draft) : [],
    questionIds: draft.poolMode === 'QUESTIONS' ? draft.picked.map((q) => q._id) : [],
  };
}

/** The numbers the rules text needs, or null while one is not a valid number yet. */
export function rulesInputFromDraft(draft: QuizDraft) {
  const questionCount = wholeIn(draft.questionCount, 1, 100);
  const secondsPerQuestion = wholeIn(draft.secondsPerQuestion, 10, 3600);
  const attemptsAllowed = wholeIn(draft.attemptsAllowed, 1, 100);
  if (questionCount === null || secondsPerQuestion === null || attemptsAllowed === null) {
    return null;
  }
  return { kind: draft.kind, questionCount, secondsPerQuestion, attemptsAllowed };
}
