/** The quiz performance report (`GET /api/reports/quiz-performance`). */

export interface QuizPerformanceBin {
  /** Lowest score in the bin (inclusive). */
  from: number;
  /** Highest score in the bin (inclusive; the last bin holds the maximum score). */
  to: number;
  plays: number;
}

export interface QuizPerformanceQuestion {
  _id: string;
  questionNo: number;
  preview: string;
  answers: number;
  correct: number;
  shareCorrect: number;
}

export interface QuizPerformanceDay {
  /** YYYY-MM-DD, Pakistan time. */
  day: string;
  finished: number;
  meanScore: number;
}

export interface QuizPerformanceOption {
  _id: string;
  name: string;
}

export interface QuizPerformanceReport {
  players: number;
  plays: number;
  finished: number;
  abandoned: number;
  inProgress: number;
  meanScore: number | null;
  medianScore: number | null;
  maxScore: number;
  meanTimePerQuestionMs: number | null;
  histogram: QuizPerformanceBin[];
  hardest: QuizPerformanceQuestion[];
  easiest: QuizPerformanceQuestion[];
  /** Students by contest plays used: 1, 2, 3 or more. */
  attempts: { one: number; two: number; threeOrMore: number };
  overTime: QuizPerformanceDay[];
  options: {
    quizzes: QuizPerformanceOption[];
    phases: QuizPerformanceOption[];
    grades: QuizPerformanceOption[];
  };
}
