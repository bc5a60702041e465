import { QUESTION_SORT_DEFAULT, QUESTION_SORTS } from '@riyazi/api/contracts';
import {
  applyListUrlChange,
  choiceField,
  defineListSchema,
  idField,
  isListFiltered,
  type ListChange,
  readListQuery,
  textField,
} from '../../../shared/admin-list';
import {
  QUESTION_STATUSES,
  QUESTION_TAGS,
  QUESTION_TYPES,
  type Question,
  type QuestionListQuery,
  type QuestionOption,
} from '../api/questions-api';

export const TAG_LABELS: Record<(typeof QUESTION_TAGS)[number], string> = {
  PRACTICE: 'Practice',
  CONTEST: 'Contest',
  BOTH: 'Practice & contest',
};

/**
 * The question list in the URL: a new category clears the sub category, which only filters under it;
 * the newest number first unless a column header says otherwise.
 */
export const QUESTION_LIST = defineListSchema(
  {
    search: textField(100),
    gradeId: idField,
    phaseId: idField,
    categoryId: idField,
    subCategoryId: idField,
    tag: choiceField(QUESTION_TAGS),
    type: choiceField(QUESTION_TYPES),
    status: choiceField(QUESTION_STATUSES),
  },
  {
    refine: (filters) => (filters.categoryId === '' ? { ...filters, subCategoryId: '' } : filters),
    clears: { categoryId: ['subCategoryId'] },
    sort: { columns: QUESTION_SORTS, ...QUESTION_SORT_DEFAULT, startsDesc: ['questionNo', 'status'] },
  },
);

export const queryFromParams = (params: URLSearchParams): QuestionListQuery =>
  readListQuery(QUESTION_LIST, params);

export type QueryChange = ListChange<QuestionListQuery>;

export const applyQueryChange = (current: URLSearchParams, change: QueryChange) =>
  applyListUrlChange(QUESTION_LIST, current, change);

export const isFiltered = (query: QuestionListQuery) => isListFiltered(QUESTION_LIST, query);

/** A question's options in order A–D, skipping the empty slots. */
export function letteredOptions(question: Pick<Question, 'option1' | 'option2' | 'option3' | 'option4'>) {
  const slots = [question.option1, question.option2, question.option3, question.option4];
  return slots.flatMap((option, index) =>
    option === null ? [] : [{ letter: String.fromCharCode(65 + index), option } as const],
  ) satisfies { letter: string; option: QuestionOption }[];
}

export { assetUrl } from '../../../shared/files/asset-url';
