/** Quiz kinds: a contest counts toward rankings and spends an attempt; practice shows answers as you go. */
export type QuizKind = 'PRACTICE' | 'CONTEST';

/**
 * attempts_allowed is stored as 1–100. A practice quiz defaults to the top of that range, which
 * means "no limit": practice plays never spend an attempt, so the engine does not count them and the
 * rules text says nothing about attempts.
 */
export const UNLIMITED_ATTEMPTS = 100;

/** Defaults of a new quiz (spec §9: 15 questions, 180 s each, 2 contest attempts). */
export const QUIZ_DEFAULTS = {
  questionCount: 15,
  secondsPerQuestion: 180,
  attemptsAllowed: { CONTEST: 2, PRACTICE: UNLIMITED_ATTEMPTS },
} as const;

export interface QuizRulesInput {
  kind: QuizKind;
  questionCount: number;
  secondsPerQuestion: number;
  attemptsAllowed: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Whole minutes read as minutes ('3 minutes'), anything else as seconds ('90 seconds'). */
export function describeSeconds(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    return plural(seconds / 60, 'minute');
  }
  return plural(seconds, 'second');
}

export const isUnlimitedAttempts = (quiz: Pick<QuizRulesInput, 'kind' | 'attemptsAllowed'>) =>
  quiz.kind === 'PRACTICE' && quiz.attemptsAllowed >= UNLIMITED_ATTEMPTS;

/**
 * The quiz's rules as staff read them beside its settings (the quiz form, GET /quizzes/:id), e.g. for the
 * defaults of a contest: "15 multiple-choice questions per attempt.", "You have 2 attempts.",
 * "Each correct answer scores up to 1 point: faster answers score higher.", "You have 3 minutes
 * (180 seconds) for each question.", "Options are lettered A, B, C and so on."
 * Practice adds that answers are shown as you go, and drops the attempts sentence when unlimited.
 * A student's rules screen says more from the real figures (the client's rulesSentences): the
 * attempts that student has left and the kinds of question their grade draws.
 */
export function quizRulesText(quiz: QuizRulesInput): string[] {
  const seconds = quiz.secondsPerQuestion;
  const time = describeSeconds(seconds);
  const timeSentence =
    seconds >= 60 && seconds % 60 === 0
      ? `You have ${time} (${plural(seconds, 'second')}) for each question.`
      : `You have ${time} for each question.`;
  const sentences = [`${plural(quiz.questionCount, 'multiple-choice question')} per attempt.`];
  if (!isUnlimitedAttempts(quiz)) {
    sentences.push(
      quiz.attemptsAllowed === 1 ? 'You have 1 attempt.' : `You have ${quiz.attemptsAllowed} attempts.`,
    );
  }
  sentences.push(
    `Each correct answer scores up to 1 point, so the maximum score is ${quiz.questionCount}: faster answers score higher.`,
    timeSentence,
  );
  if (quiz.kind === 'PRACTICE') {
    sentences.push('You see right and wrong answers as you go, with an explanation where there is one.');
  }
  sentences.push('Options are lettered A, B, C and so on.');
  return sentences;
}
