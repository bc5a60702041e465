import type { AnswerFacts, GradeDistribution, PlayFacts, QuestionStats } from './integrity.types.js';

/** Unit-test builders for the detectors (no database). */

export const START = Date.UTC(2026, 11, 1, 5, 0, 0);

export function answer(position: number, values: Partial<AnswerFacts> = {}): AnswerFacts {
  return {
    questionId: `q${position}`,
    position,
    answered: true,
    isCorrect: true,
    timeTakenMs: 20_000,
    answeredAtMs: START + (position + 1) * 20_000,
    choice: `o:right${position}`,
    ...values,
  };
}

export function playOf(playId: string, answers: AnswerFacts[], values: Partial<PlayFacts> = {}): PlayFacts {
  return {
    playId,
    studentId: `student-${playId}`,
    phaseId: 'phase',
    gradeId: 'grade',
    finishedAtMs: START + 600_000,
    originIpHash: null,
    originDeviceHash: null,
    answers,
    ...values,
  };
}

/** Times in ms, one answer per entry, all correct unless `wrong` lists the position. */
export const timedPlay = (playId: string, timesMs: number[], wrong: number[] = []) => {
  let at = START;
  return playOf(
    playId,
    timesMs.map((timeTakenMs, position) => {
      at += timeTakenMs + 300;
      return answer(position, {
        timeTakenMs,
        answeredAtMs: at,
        isCorrect: !wrong.includes(position),
        choice: wrong.includes(position) ? `o:wrong${position}` : `o:right${position}`,
      });
    }),
  );
};

/** `questions` questions, each answered by `answered` children with these choice counts. */
export function gradeOf(questions: number, values: Partial<QuestionStats> = {}): GradeDistribution {
  return new Map(
    Array.from({ length: questions }, (_, position) => {
      const stats: QuestionStats = {
        questionId: `q${position}`,
        textLength: 60,
        answered: 1000,
        correct: 700,
        correctLowMs: 4000,
        correctP10Ms: 8000,
        correctMedianMs: 25_000,
        choices: { [`o:right${position}`]: 700, [`o:wrong${position}`]: 150, [`o:other${position}`]: 150 },
        correctChoice: `o:right${position}`,
        ...values,
      };
      return [stats.questionId, stats];
    }),
  );
}
