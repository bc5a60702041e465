import type { ListPage, QuestionSort, ServedQuestion, SortDir } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

// Shapes of api/src/modules/questions/questions.schemas.ts and reference-data.schemas.ts.
export const QUESTION_TYPES = ['MCQs', 'Open Ended'] as const;
export const QUESTION_STATUSES = ['Active', 'Inactive'] as const;
export const QUESTION_TAGS = ['PRACTICE', 'CONTEST', 'BOTH'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export type QuestionTag = (typeof QUESTION_TAGS)[number];

interface Ref {
  _id: string;
  name: string;
}

export interface QuestionRow {
  _id: string;
  questionNo: number;
  preview: string;
  previewHtml: string;
  grade: { _id: string; title: string };
  category: Ref;
  subCategory: Ref;
  tag: QuestionTag;
  type: QuestionType;
  status: QuestionStatus;
  phases: Ref[];
  /** It has an Urdu text (its stem at least). */
  hasUrdu: boolean;
  usageCount: number;
  updatedAt: string;
}

export interface QuestionOption {
  _id: string;
  text: string;
  textUrdu: string | null;
  image: string | null;
  isCorrect: boolean;
}

export interface Question {
  _id: string;
  questionNo: number;
  question: string;
  /** The optional Urdu text beside the English (null: none; students see the English). */
  questionUrdu: string | null;
  questionImage: string | null;
  option1: QuestionOption | null;
  option2: QuestionOption | null;
  option3: QuestionOption | null;
  option4: QuestionOption | null;
  answerHintText: string;
  answerHintTextUrdu: string | null;
  answerHintImage: string | null;
  answerHintVideo: string | null;
  answerHintThumbnail: string | null;
  commentsForInternalPurpose: string | null;
  categoryId: string;
  subCategoryId: string;
  gradeId: string;
  type: QuestionType;
  selectMultiple: boolean;
  tags: QuestionTag;
  score: number;
  phaseIds: string[];
  status: QuestionStatus;
  acceptedAnswers: string[];
  usageCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The list request: '' means "no filter" and is left out of the query string. */
export interface QuestionListQuery {
  page: number;
  limit: number;
  search: string;
  gradeId: string;
  phaseId: string;
  categoryId: string;
  subCategoryId: string;
  tag: QuestionTag | '';
  type: QuestionType | '';
  status: QuestionStatus | '';
  sort: QuestionSort;
  dir: SortDir;
}

export interface GradeOption {
  _id: string;
  title: string;
  sortOrder: number;
  isActive: boolean;
}
export interface PhaseOption {
  _id: string;
  name: string;
  number: number;
}
export interface CategoryOption {
  _id: string;
  name: string;
  isActive: boolean;
}
export type OptionEndpoint = 'grade' | 'phase' | 'category' | 'subCategory';

const root = [ADMIN_KEY_ROOT, 'questions'] as const;

export const questionKeys = {
  root,
  list: (query: QuestionListQuery) => [...root, 'list', query] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  served: (id: string) => [...root, 'detail', id, 'served'] as const,
  options: (endpoint: OptionEndpoint, categoryId = '') => [...root, 'options', endpoint, categoryId] as const,
  change: (what: 'status' | 'delete') => [...root, what] as const,
};

export function fetchQuestions(query: QuestionListQuery, signal?: AbortSignal) {
  return adminHttp.get<ListPage<QuestionRow>>('/question/detail/', { query: withoutEmpty(query), signal });
}

export async function fetchQuestion(id: string, signal?: AbortSignal): Promise<Question> {
  return (await adminHttp.get<{ data: Question }>('/question/detail/', { query: { id }, signal })).data;
}

/** Every row of a reference list (the api allows 100 a page, more than the platform has). */
export async function fetchOptions<T>(
  endpoint: OptionEndpoint,
  categoryId: string,
  signal?: AbortSignal,
): Promise<T[]> {
  const query = withoutEmpty({ page: 1, limit: 100, categoryId });
  return (await adminHttp.get<ListPage<T>>(`/${endpoint}/detail/`, { query, signal })).data;
}

export async function setQuestionStatus({ id, status }: { id: string; status: QuestionStatus }) {
  return (await adminHttp.post<{ data: Question }>('/question/status/', { status }, { query: { id } })).data;
}

export async function deleteQuestion(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/question/delete/', { query: { id } });
}

/** The body of create and update (question-form-model.ts builds it). */
export type QuestionBody = Record<string, unknown>;

export async function saveQuestion({
  id,
  body,
}: {
  id: string | null;
  body: QuestionBody;
}): Promise<Question> {
  const path = id === null ? '/question/create/' : '/question/update/';
  const options = id === null ? undefined : { query: { id } };
  return (await adminHttp.post<{ data: Question }>(path, body, options)).data;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Uploads a picture for a question, an option or a hint; resolves to the URL to store. */
export async function uploadQuestionImage(file: File): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw new Error(`"${file.name}" is larger than 2 MB. Please use a smaller picture.`);
  }
  const form = new FormData();
  form.append('file', file, file.name);
  return (await adminHttp.post<{ data: { url: string } }>('/media/images', form)).data.url;
}

/** Spec §3 "Question as served" (api/src/modules/questions/served-question.ts). */
export async function fetchServedQuestion(id: string, signal?: AbortSignal): Promise<ServedQuestion> {
  return (await adminHttp.get<{ data: ServedQuestion }>('/question/preview/', { query: { id }, signal }))
    .data;
}
