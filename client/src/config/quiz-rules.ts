/** Business constants of spec §9; the rules screens and the home page quote them. */
export const QUESTIONS_PER_ATTEMPT = 15;
export const CONTEST_ATTEMPTS = 2;
export const QUESTION_TIME_MS = 180_000;
export const QUESTION_TIME_SECONDS = QUESTION_TIME_MS / 1000;
export const MAX_SCORE_PER_QUESTION = 1;

export const QUIZ_TYPES = ['CONTEST', 'PRACTICE'] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];

export function isQuizType(value: unknown): value is QuizType {
  return value === 'CONTEST' || value === 'PRACTICE';
}
