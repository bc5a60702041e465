import type {
  AvailableQuiz,
  PlayClock,
  PlayResults,
  QuizKind,
  ServedWithTimer,
  StartPlayResponse,
  SubmitResult,
  WrongAnswer,
} from '@riyazi/api/contracts';
import { studentHttp } from '../http/clients';
import { STUDENT_KEY_ROOT } from '../query/query-meta';
import { deviceId } from './device-id';

export type {
  AvailableQuiz,
  PlayClock,
  PlayDto,
  PlayResults,
  QuizDto,
  ResultsQuestion,
  ServedOption,
  ServedQuestion,
  ServedWithTimer,
  StartPlayResponse,
  SubmitResult,
  WrongAnswer,
} from '@riyazi/api/contracts';

export interface SubmitAnswerInput {
  playId: string;
  questionId: string;
  answers: string[];
  timeTaken: number;
  /** The acknowledgement also carries the next question, served and timed by the server (one request per question). */
  includeNext?: boolean;
}

export const playQuizKeys = {
  available: (type: QuizKind) => [STUDENT_KEY_ROOT, 'play-quiz', 'available', type] as const,
  question: (playId: string, questionId: string) =>
    [STUDENT_KEY_ROOT, 'play-quiz', 'question', playId, questionId] as const,
  results: (playId: string) => [STUDENT_KEY_ROOT, 'play-quiz', 'results', playId] as const,
  wrong: (playId: string) => [STUDENT_KEY_ROOT, 'play-quiz', 'wrong', playId] as const,
};

export async function fetchAvailableQuizzes(type: QuizKind, signal?: AbortSignal): Promise<AvailableQuiz[]> {
  const body = await studentHttp.get<{ data: AvailableQuiz[] }>('/play-quiz/available', {
    query: { type },
    signal,
  });
  return body.data;
}

/** A contest start names this browser (a random id, README "Integrity signals"); the server keeps only a keyed hash. */
export const startPlay = (input: { quizId: string; type: QuizKind }) =>
  studentHttp.post<StartPlayResponse>(
    '/play-quiz/',
    input,
    input.type === 'CONTEST' ? { headers: { 'X-Device-Id': deviceId() } } : {},
  );

export const fetchQuestion = (playId: string, questionId: string, signal?: AbortSignal) =>
  studentHttp.get<ServedWithTimer>('/play-quiz/question', { query: { playId, questionId }, signal });

export const submitAnswer = (input: SubmitAnswerInput, signal?: AbortSignal) =>
  studentHttp.post<SubmitResult>('/play-quiz/question/submit-answer', input, { signal });

export const fetchResults = (playId: string) =>
  studentHttp.post<PlayResults>('/play-quiz/results', { playId });

/** Practice only: stops (or starts again) the current question's clock on the server, for every device. */
export const setPlayPaused = (playId: string, paused: boolean) =>
  studentHttp.post<PlayClock>(paused ? '/play-quiz/pause' : '/play-quiz/resume', { playId });

export const cancelPlay = (playId: string) =>
  studentHttp.post<{ message: string }>('/play-quiz/cancel', { playId });

export async function fetchWrongAnswers(playId: string, signal?: AbortSignal): Promise<WrongAnswer[]> {
  const body = await studentHttp.get<{ data: WrongAnswer[] }>('/play-quiz/wrong', {
    query: { id: playId },
    signal,
  });
  return body.data;
}
