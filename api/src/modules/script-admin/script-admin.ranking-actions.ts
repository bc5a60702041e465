import { z } from 'zod';
import {
  findFinishedPlay,
  type PlayRescore,
  previewRescore,
  rescoreChanges,
  rescorePlay,
} from '#modules/play-quiz';
import {
  findPhaseName,
  previewPhaseRebuild,
  publishLeaderboards,
  rebuildPhase,
  recomputeStandings,
} from '#modules/rankings';
import { badRequest } from '../../lib/errors.js';
import { announceCacheChanges } from '../../lib/node-caches.js';
import {
  defineAction,
  gradeLines,
  LISTED,
  plural,
  type ScriptAction,
  type ScriptDeps,
} from './script-admin.action-kit.js';

// The actions that change standings: a phase ranked again, and a play rescored then ranked again.

/** After standings changed: every node drops the phase's cached boards, then the rooms get the new ones. */
async function publishRanked({ db, io }: ScriptDeps, phaseId: string, gradeIds: string[]) {
  await announceCacheChanges(db, [{ cache: 'leaderboards', key: phaseId }]);
  await publishLeaderboards(db, io, phaseId, gradeIds);
}

const phaseParams = z.object({ phaseId: z.uuid({ message: 'phaseId must be a phase id' }) });

const rebuildPhaseRankings: ScriptAction<z.infer<typeof phaseParams>> = {
  info: {
    name: 'rebuildPhaseRankings',
    title: "Rebuild a phase's rankings",
    description:
      'Ranks every grade of the phase again from its finished contest plays and pushes the live boards. ' +
      'Standings already right are left as they are; frozen public boards stay frozen.',
    params: [{ name: 'phaseId', label: 'Phase', kind: 'phase' }],
  },
  params: phaseParams,
  async check({ db }, { phaseId }) {
    if ((await findPhaseName(db, phaseId)) === null) {
      throw badRequest('No phase has this id');
    }
  },
  async dryRun({ db }, { phaseId }) {
    const preview = await previewPhaseRebuild(db, phaseId);
    const changed = preview.grades.reduce((sum, g) => sum + g.changed, 0);
    return {
      changed,
      summary: `Would change ${plural(changed, 'standing')} in ${plural(preview.grades.length, 'grade')} (${plural(preview.ranked, 'student')} ranked)`,
      details: await gradeLines(db, preview.grades, 'to change'),
    };
  },
  async run(deps, { phaseId }) {
    const result = await rebuildPhase(deps.db, phaseId);
    await publishRanked(
      deps,
      phaseId,
      result.grades.map((g) => g.gradeId),
    );
    const changed = result.grades.reduce((sum, g) => sum + g.changed, 0);
    return {
      changed,
      summary: `Changed ${plural(changed, 'standing')} in ${plural(result.grades.length, 'grade')} (${plural(result.ranked, 'student')} ranked)`,
      details: await gradeLines(deps.db, result.grades, 'changed'),
    };
  },
};

const verdict = (correct: boolean | null) => (correct === null ? 'not scored' : correct ? 'right' : 'wrong');

/** "Question 4: wrong → right, score 0 → 0.9871" */
function regradeLine({ number, was, now }: PlayRescore['changes'][number]): string {
  const grade =
    was.correct === now.correct ? verdict(now.correct) : `${verdict(was.correct)} → ${verdict(now.correct)}`;
  return `Question ${number}: ${grade}, score ${was.score ?? 'none'} → ${now.score}`;
}

/** The result of a rescore, `done` or to do: who and what, the totals before and after, each answer. */
function rescoreOutcome(r: PlayRescore, done: boolean) {
  const play = `${r.play.studentName}'s ${r.play.kind === 'CONTEST' ? 'contest' : 'practice'} play of ${r.play.quizTitle}`;
  if (!rescoreChanges(r)) {
    return {
      changed: 0,
      summary: `Nothing to rescore: ${play} already matches the answer key`,
      details: [`Score ${r.before.score}, ${plural(r.before.correctCount, 'correct answer')}`],
    };
  }
  const figures = `score ${r.before.score} → ${r.after.score}, correct ${r.before.correctCount} → ${r.after.correctCount}`;
  const answers = plural(r.changes.length, 'answer');
  const lines = r.changes.map(regradeLine);
  return {
    // Totals that drifted from unchanged answers still count as one change.
    changed: Math.max(1, r.changes.length),
    summary: done
      ? `Rescored ${play}: ${figures} (${answers} changed)`
      : `Would rescore ${play}: ${figures} (${answers} to change)`,
    details:
      lines.length > LISTED ? [...lines.slice(0, LISTED), `…and ${lines.length - LISTED} more`] : lines,
  };
}

const playParams = z.object({ playId: z.uuid({ message: 'playId must be a play id' }) });

const rescorePlayAction: ScriptAction<{ playId: string }> = {
  info: {
    name: 'rescorePlay',
    title: 'Rescore a play',
    description:
      "Grades a finished play's answers again against the answer key as it is now (fixed after the play), " +
      'keeping the time each took, and sums its score again; a contest play is then ranked again in its ' +
      "grade. A student's quiz attempt page links here with its play filled in.",
    params: [{ name: 'playId', label: 'Play id', kind: 'play' }],
  },
  params: playParams,
  async check({ db }, { playId }) {
    await findFinishedPlay(db, playId);
  },
  async dryRun({ db }, { playId }) {
    return rescoreOutcome(await previewRescore(db, playId), false);
  },
  async run(deps, { playId }) {
    const result = await rescorePlay(deps.db, playId);
    const outcome = rescoreOutcome(result, true);
    const { kind, phaseId, gradeId } = result.play;
    // Always, not only on a change: a run that stopped after its commit is made whole by the next.
    const ranked = kind === 'CONTEST' ? await recomputeStandings(deps.db, phaseId, gradeId) : null;
    if (ranked) {
      await publishRanked(deps, phaseId, [gradeId]);
      const [line] = await gradeLines(deps.db, [ranked], 'changed');
      outcome.details.push(`Phase ranking of ${line}`);
    }
    return { ...outcome, audit: { playId, before: result.before, after: result.after } };
  },
};

export const RANKING_ACTIONS = {
  rebuildPhaseRankings: defineAction(rebuildPhaseRankings),
  rescorePlay: defineAction(rescorePlayAction),
};
