import type { ListPage, QuizSort, SortDir } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

// Shapes of api/src/modules/quizzes/quizzes.schemas.ts.
export const QUIZ_KINDS = ['PRACTICE', 'CONTEST'] as const;
export const QUIZ_STATUSES = ['Active', 'Inactive'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];
export type QuizStatus = (typeof QUIZ_STATUSES)[number];
export type PoolMode = 'RULES' | 'QUESTIONS';
export type QuestionTag = 'PRACTICE' | 'CONTEST' | 'BOTH';

export const KIND_LABELS: Record<QuizKind, string> = { PRACTICE: 'Practice', CONTEST: 'Contest' };

interface GradeRef {
  _id: string;
  title: string;
}

/** The settings a quiz row, the saved quiz and the form's body all carry. */
interface QuizSettings {
  title: string;
  kind: QuizKind;
  questionCount: number;
  secondsPerQuestion: number;
  attemptsAllowed: number;
  opensAt: string | null;
  closesAt: string | null;
  status: QuizStatus;
  poolMode: PoolMode;
}

export interface QuizRow extends QuizSettings {
  _id: string;
  grades: GradeRef[];
  phase: { _id: string; name: string };
  playCount: number;
  updatedAt: string;
}

export interface RuleReport {
  position: number;
  label: string;
  available: number;
  needed: number;
  shortBy: number;
}

export interface GradeReport {
  gradeId: string;
  gradeTitle: string;
  eligible: number;
  available: number;
  needed: number;
  shortBy: number;
  rules: RuleReport[];
}

export interface PoolReport {
  sufficient: boolean;
  message: string | null;
  grades: GradeReport[];
}

export interface QuizRule {
  categoryId: string | null;
  subCategoryId: string | null;
  questionCount: number;
}

export interface PickedQuestion {
  _id: string;
  questionNo: number;
  preview: string;
  /** The preview with its formulas as `span.math-inline`, for RichTextView. */
  previewHtml: string;
  grade: GradeRef;
  tag: QuestionTag;
  status: QuizStatus;
}

export interface QuizBody extends QuizSettings {
  gradeIds: string[];
  phaseId: string;
  rules: QuizRule[];
  questionIds: string[];
}

/** A saved quiz: what the form sends, plus what the server works out. */
export interface Quiz extends QuizBody {
  _id: string;
  pickedQuestions: PickedQuestion[];
  pool: PoolReport;
  rulesText: string[];
  playCount: number;
  createdAt: string;
  updatedAt: string;
}

export type PoolCheckBody = Pick<
  QuizBody,
  'kind' | 'gradeIds' | 'phaseId' | 'questionCount' | 'poolMode' | 'rules' | 'questionIds'
>;

export interface QuizOptions {
  grades: { _id: string; title: string; isActive: boolean }[];
  phases: { _id: string; name: string; number: number }[];
  categories: {
    _id: string;
    name: string;
    isActive: boolean;
    subCategories: { _id: string; name: string; isActive: boolean }[];
  }[];
}

/** The list request: '' means "no filter" and is left out of the query string. */
export interface QuizListQuery {
  page: number;
  limit: number;
  search: string;
  kind: QuizKind | '';
  phaseId: string;
  gradeId: string;
  status: QuizStatus | '';
  sort: QuizSort;
  dir: SortDir;
}

/** A question of the bank, as the picker lists it (GET /question/detail/): what a picked one shows. */
export type BankQuestion = PickedQuestion;

const root = [ADMIN_KEY_ROOT, 'quizzes'] as const;

export const quizKeys = {
  root,
  list: (query: QuizListQuery) => [...root, 'list', query] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  options: () => [...root, 'options'] as const,
  poolCheck: (body: PoolCheckBody) => [...root, 'pool-check', body] as const,
  bank: (query: object) => [...root, 'bank', query] as const,
  change: (what: 'status' | 'delete' | 'save') => [...root, what] as const,
};

export function fetchQuizzes(query: QuizListQuery, signal?: AbortSignal) {
  return adminHttp.get<ListPage<QuizRow>>('/quiz/detail/', { query: withoutEmpty(query), signal });
}

export async function fetchQuiz(id: string, signal?: AbortSignal): Promise<Quiz> {
  return (await adminHttp.get<{ data: Quiz }>('/quiz/detail/', { query: { id }, signal })).data;
}

export async function fetchQuizOptions(signal?: AbortSignal): Promise<QuizOptions> {
  return (await adminHttp.get<{ data: QuizOptions }>('/quiz/options/', { signal })).data;
}

export async function checkPool(body: PoolCheckBody, signal?: AbortSignal): Promise<PoolReport> {
  return (await adminHttp.request<{ data: PoolReport }>('POST', '/quiz/pool-check/', { body, signal })).data;
}

export async function fetchBankQuestions(
  query: { search: string; gradeId: string; phaseId: string; page: number },
  signal?: AbortSignal,
) {
  return adminHttp.get<ListPage<BankQuestion>>('/question/detail/', {
    query: withoutEmpty({ ...query, limit: 10 }),
    signal,
  });
}

export async function saveQuiz({ id, body }: { id: string | null; body: QuizBody }): Promise<Quiz> {
  const result =
    id === null
      ? await adminHttp.post<{ data: Quiz }>('/quiz/create/', body)
      : await adminHttp.post<{ data: Quiz }>('/quiz/update/', body, { query: { id } });
  return result.data;
}

export async function setQuizStatus({ id, status }: { id: string; status: QuizStatus }) {
  return (await adminHttp.post<{ data: Quiz }>('/quiz/status/', { status }, { query: { id } })).data;
}

export async function deleteQuiz(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/quiz/delete/', { query: { id } });
}
