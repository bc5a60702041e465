import { qualifiesFor } from '#modules/phase-progress';
import { takesStarts } from '../../contracts/contest-lifecycle.js';
import type { AvailableQuiz } from '../../contracts/play-quiz.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';
import type { EngineDeps } from '../../engine.js';
import { poolKey } from './play-pool.js';

/** GET /play-quiz/available?type: the quizzes the signed-in student may start now. */
export async function availableQuizzes(
  deps: EngineDeps,
  studentId: string,
  type: QuizKind,
): Promise<AvailableQuiz[]> {
  // Every child opens this page in the same minute: the flags and the phase are read once for
  // the pages that arrive together, and each student's rows in one statement with theirs
  // (engine.play): nothing per page but the answer.
  const flags = await deps.engine.play.flags();
  const enabled = type === 'CONTEST' ? flags.isContestQuizEnabled : flags.isPracticeQuizEnabled;
  const phaseId = type === 'CONTEST' ? flags.contestQuizPhase : flags.practiceQuizPhase;
  if (!enabled || phaseId === false) {
    return [];
  }
  const now = new Date();
  const student = await deps.engine.play.availableFor({ studentId, kind: type, phaseId, now });
  if (!student?.gradeId) {
    return [];
  }
  const { gradeId } = student;
  if (type === 'CONTEST' && !(await qualifiesFor(deps, studentId, gradeId, { id: phaseId })).ok) {
    return [];
  }
  const listed = student.quizzes;
  // Once a contest stops taking starts, only a play already in progress is offered (to resume).
  const phase = type === 'CONTEST' ? await deps.engine.play.phaseContest(phaseId) : null;
  const rows = phase && !takesStarts(phase, now) ? listed.filter((row) => row.openPlayId !== null) : listed;
  const pools = await Promise.all(rows.map((row) => deps.engine.play.quizPool(poolKey(row.id, gradeId))));
  return rows.map((row, index) => ({
    _id: row.id,
    title: row.title,
    kind: row.kind,
    questionCount: row.questionCount,
    secondsPerQuestion: row.secondsPerQuestion,
    attemptsAllowed: row.attemptsAllowed,
    attemptsLeft:
      type === 'CONTEST'
        ? Math.max(0, Math.min(row.attemptsAllowed - row.used, student.contestAttempts))
        : row.attemptsAllowed,
    allowanceUsed: type === 'CONTEST' && row.used >= row.attemptsAllowed,
    openPlayId: row.openPlayId ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    answerKinds: pools[index]?.answerKinds ?? { choice: true, typed: false },
  }));
}
