import { env } from '../../../config/env';
import { applyListChange, idOf, oneOf, pagingFromParams } from '../../../shared/query/list-params';
import {
  QUESTION_STATUSES,
  QUESTION_TAGS,
  QUESTION_TYPES,
  type Question,
  type QuestionListQuery,
  type QuestionOption,
} from '../api/questions-api';

const MAX_SEARCH_LENGTH = 100;

export const TAG_LABELS: Record<(typeof QUESTION_TAGS)[number], string> = {
  PRACTICE: 'Practice',
  CONTEST: 'Contest',
  BOTH: 'Practice & contest',
};

/** The list state as the URL holds it; bad values fall back, so a mangled link still opens the list. */
export function queryFromParams(params: URLSearchParams): QuestionListQuery {
  const categoryId = idOf(params.get('categoryId'));
  return {
    ...pagingFromParams(params),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    gradeId: idOf(params.get('gradeId')),
    phaseId: idOf(params.get('phaseId')),
    categoryId,
    // A sub category only filters under its category.
    subCategoryId: categoryId === '' ? '' : idOf(params.get('subCategoryId')),
    tag: oneOf(QUESTION_TAGS, params.get('tag')),
    type: oneOf(QUESTION_TYPES, params.get('type')),
    status: oneOf(QUESTION_STATUSES, params.get('status')),
  };
}

export type QueryKeyName =
  | 'page'
  | 'itemsPerPage'
  | 'search'
  | 'gradeId'
  | 'phaseId'
  | 'categoryId'
  | 'subCategoryId'
  | 'tag'
  | 'type'
  | 'status';
export type QueryChange = Partial<Record<QueryKeyName, string>>;

/**
 * The URL after a change. A filter change goes back to page 1, a category change clears the sub
 * category, and defaults and empty values are left out, so the plain list has a clean address.
 */
export function applyQueryChange(current: URLSearchParams, change: QueryChange): URLSearchParams {
  return applyListChange(current, 'categoryId' in change ? { ...change, subCategoryId: '' } : change);
}

/** True when any filter (not page or size) narrows the list. */
export function isFiltered(query: QuestionListQuery): boolean {
  const { page: _page, limit: _limit, ...filters } = query;
  return Object.values(filters).some((value) => value !== '');
}

/** A question's options in order A–D, skipping the empty slots. */
export function letteredOptions(question: Pick<Question, 'option1' | 'option2' | 'option3' | 'option4'>) {
  const slots = [question.option1, question.option2, question.option3, question.option4];
  return slots.flatMap((option, index) =>
    option === null ? [] : [{ letter: String.fromCharCode(65 + index), option } as const],
  ) satisfies { letter: string; option: QuestionOption }[];
}

/** An uploaded file is served by the api, which may live on another origin than the client. */
export function assetUrl(src: string, apiBase: string = env.apiBase): string {
  return src.startsWith('/uploads/') ? `${apiBase}${src}` : src;
}
