import type { QuizKind } from './quiz-rules.js';

/**
 * What the play-quiz calls answer (api/src/modules/play-quiz/): one definition for the api's
 * services and the student client. Type-only: no runtime code.
 */

export interface AvailableQuiz extends QuizDto {
  /** Contest: attempts this student has left for it; practice: attemptsAllowed (never spent). */
  attemptsLeft: number;
  /** Contest: played as many times as it allows, so more paid attempts would not help. */
  allowanceUsed: boolean;
  openPlayId: string | null;
  closesAt: string | null;
  /** What kinds of question the student's grade may draw from this quiz, for its rules. */
  answerKinds: AnswerKinds;
}

/** choice: multiple-choice questions; typed: questions answered by typing (Open Ended). */
export interface AnswerKinds {
  choice: boolean;
  typed: boolean;
}

export interface PlayDto {
  _id: string;
  questionCount: number;
  practice: boolean;
  status: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  questions: { _id: string; question: string; position: number; answered: boolean }[];
  currentIndex: number;
  quiz: string;
}

export interface QuizDto {
  _id: string;
  title: string;
  kind: QuizKind;
  questionCount: number;
  secondsPerQuestion: number;
  attemptsAllowed: number;
}

export interface StartPlayResponse {
  play: PlayDto;
  quiz: QuizDto;
  resumed: boolean;
  contestAttempts: number;
}

export interface ServedOption {
  _id: string;
  letter: string;
  text: string;
  image: string | null;
}

export interface ServedQuestion {
  _id: string;
  questionId: string;
  question: string;
  questionImage: string | null;
  type: 'MCQs' | 'Open Ended';
  questionOptions: ServedOption[];
  correctAnswerList: string[];
  acceptedAnswers: string[];
  selectMultiple: boolean;
  answerHintText: string;
  answerHintImage: string | null;
  answerHintVideo: string | null;
  answerHintThumbnail: string | null;
  /**
   * The question's Urdu text where its author wrote one (issue #16), shown to a child who reads
   * Urdu; null when it has none. Each part is null when only that part is missing (the English one
   * is shown instead); options are matched by `_id`.
   */
  urdu?: ServedUrdu | null;
}

export interface ServedUrdu {
  question: string | null;
  questionOptions: { _id: string; text: string | null }[];
  answerHintText: string | null;
}

export interface ServedWithTimer extends PlayClock {
  question: ServedQuestion;
  index: number;
  servedAt: string;
  /**
   * The questions just before this one (0-based, in order) whose time ran out unanswered, e.g.
   * while the tab was closed: the screen tells the child before they go on. Empty otherwise.
   */
  ranOut: number[];
}

/** The clock of the current question, as served and as a practice pause or resume leaves it. */
export interface PlayClock {
  deadline: string;
  remainingMs: number;
  serverTime: string;
  /** Practice: the time left while the question is paused (on any device); null while it runs. */
  pausedRemainingMs: number | null;
}

export interface SubmitResult {
  recorded: boolean;
  outcome: 'ANSWERED' | 'NO_ANSWER';
  timeTakenMs: number;
  nextIndex: number;
  finished: boolean;
  /**
   * Only when the submit asked for it (`includeNext: true`): the next question, served and timed
   * exactly as GET /play-quiz/question serves it; null when the play is finished or the next
   * question cannot be served now (the client then asks for it as before).
   */
  next?: ServedWithTimer | null;
}

/**
 * One question of a play's results. isCorrect, score and timeTakenMs are left out while the
 * answers are not shown (a contest play before its contest is over: see PlayResults.reviewOpen);
 * with a total score, per-question times would tell which answers scored.
 */
export interface ResultsQuestion {
  index: number;
  questionId: string;
  outcome: 'ANSWERED' | 'NO_ANSWER' | null;
  /** null: not marked yet. */
  isCorrect?: boolean | null;
  score?: number | null;
  timeTakenMs?: number | null;
}

export interface PlayResults {
  play: {
    _id: string;
    kind: QuizKind;
    status: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
    quizTitle: string;
    questionCount: number;
    /** null while a contest play is still being played (a running total would tell which answers scored). */
    score: number | null;
    correctCount: number | null;
    /** Questions the student answered (not timed out or left empty). */
    answeredCount: number;
    totalTimeMs: number;
    finishedAt: string | null;
    pending: boolean;
  };
  questions: ResultsQuestion[];
  rank: number | null;
  /**
   * Whether this play's answers are shown: per-question correctness and the wrong-answer review.
   * Practice: always. Contest: once the play is finished and the contest is over.
   */
  reviewOpen: boolean;
}

export interface WrongAnswer {
  index: number;
  question: ServedQuestion;
  outcome: 'ANSWERED' | 'NO_ANSWER' | null;
  selectedOptionIds: string[];
  answerText: string | null;
}
