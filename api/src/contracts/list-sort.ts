// The sortable columns of the admin lists: the api's whitelist and the client's column headers read
// these lists. Keep it dependency-free.

export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** A list's order when the address names none. */
export interface SortDefault<C extends string> {
  readonly by: C;
  readonly dir: SortDir;
}

export const STUDENT_SORTS = [
  'createdAt',
  'studentId',
  'fullName',
  'grade',
  'codeEntered',
  'contestAttempts',
] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export const STUDENT_SORT_DEFAULT: SortDefault<StudentSort> = { by: 'createdAt', dir: 'desc' };

export const QUIZ_SORTS = [
  'createdAt',
  'title',
  'kind',
  'phase',
  'questions',
  'attempts',
  'opensAt',
  'status',
] as const;
export type QuizSort = (typeof QUIZ_SORTS)[number];
export const QUIZ_SORT_DEFAULT: SortDefault<QuizSort> = { by: 'createdAt', dir: 'desc' };

export const QUESTION_SORTS = ['questionNo', 'grade', 'category', 'tag', 'type', 'status'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];
export const QUESTION_SORT_DEFAULT: SortDefault<QuestionSort> = { by: 'questionNo', dir: 'desc' };

/** One place earlier (up) or later (down) in a list staff order by hand (FAQ, gallery). */
export const LIST_MOVES = ['up', 'down'] as const;
export type ListMove = (typeof LIST_MOVES)[number];
