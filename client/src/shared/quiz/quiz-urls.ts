import type { QuizKind } from '@riyazi/api/contracts';
import { paths } from '../../config/paths';

export type QuizCode = 'contest' | 'practice';

export const quizCodeOf = (kind: QuizKind): QuizCode => (kind === 'CONTEST' ? 'contest' : 'practice');

/** Spec §2: the question screen of a play, qno zero-based. */
export function questionUrl(kind: QuizKind, quizId: string, qno: number): string {
  const query = new URLSearchParams({
    started: 'true',
    code: quizCodeOf(kind),
    id: quizId,
    qno: String(qno),
  });
  return `${paths.quiz}?${query.toString()}`;
}

export const resultsUrl = (playId: string) => `${paths.quizResults}?pid=${encodeURIComponent(playId)}`;

export const GUIDELINES_URL = `${paths.quiz}?started=true&code=guidelines`;

/** Router state the guidelines screen reads: which kind of quiz, and optionally which quiz. */
export interface GuidelinesState {
  type: QuizKind;
  quizId?: string;
}
