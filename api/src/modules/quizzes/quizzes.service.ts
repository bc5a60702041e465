import type { Db } from '@riyazi/db';
import { QUIZ_DEFAULTS, quizRulesText } from '../../contracts/quiz-rules.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { diff } from '../../lib/changes.js';
import type { Executor, Trx } from '../../lib/db.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { refuseIfPlayed } from '../../lib/in-use.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { pageOf } from '../../lib/paging.js';
import { stillReferenced } from '../../lib/pg-errors.js';
import { plainTextPreview, richTextPreview } from '../../lib/rich-text.js';
import {
  type PoolInput,
  poolReport,
  requireSufficient,
  ruleValues,
  withPositions,
} from './quiz-pool-report.js';
import * as repo from './quizzes.repository.js';
import type {
  QuizBody,
  QuizDto,
  QuizListQuery,
  QuizOptionsDto,
  QuizRowDto,
  QuizStatus,
} from './quizzes.schemas.js';

const STATUS_LABEL = (isActive: boolean): QuizStatus => (isActive ? 'Active' : 'Inactive');

const invalid = (errors: Record<string, string>) => {
  const [field, problem] = Object.entries(errors)[0]!;
  return new HttpError(400, `${field}: ${problem}`, { errors });
};

/** The form checked field by field and across fields; throws one 400 naming every bad field. */
async function prepare(trx: Trx, body: QuizBody) {
  const errors: Record<string, string> = {};
  const gradeIds = [...new Set(body.gradeIds)];
  const rules = body.poolMode === 'RULES' ? withPositions(body.rules) : [];
  const questionIds = body.poolMode === 'QUESTIONS' ? [...new Set(body.questionIds)] : [];
  const refs = await repo.references(trx, {
    gradeIds,
    phaseId: body.phaseId,
    categoryIds: rules.flatMap((r) => (r.categoryId ? [r.categoryId] : [])),
    subCategoryIds: rules.flatMap((r) => (r.subCategoryId ? [r.subCategoryId] : [])),
  });
  if (gradeIds.length === 0) {
    errors.gradeIds = 'choose at least one grade';
  } else if (refs.grades.length !== gradeIds.length) {
    errors.gradeIds = 'a chosen grade does not exist';
  }
  if (!refs.phase) {
    errors.phaseId = 'the chosen phase does not exist';
  }
  const opensAt = body.opensAt ?? null;
  const closesAt = body.closesAt ?? null;
  if (opensAt && closesAt && closesAt.getTime() <= opensAt.getTime()) {
    errors.closesAt = 'must be after the opening time';
  }
  if (body.poolMode === 'RULES') {
    const seen = new Map<string, number>();
    rules.forEach((rule, i) => {
      const at = `rules.${i}`;
      if (rule.categoryId !== null && !refs.categories.has(rule.categoryId)) {
        errors[`${at}.categoryId`] = 'the chosen category does not exist';
      }
      if (rule.subCategoryId !== null) {
        const sub = refs.subCategories.get(rule.subCategoryId);
        if (rule.categoryId === null) {
          errors[`${at}.subCategoryId`] = 'choose a category first';
        } else if (!sub) {
          errors[`${at}.subCategoryId`] = 'the chosen sub category does not exist';
        } else if (sub.categoryId !== rule.categoryId) {
          errors[`${at}.subCategoryId`] = 'does not belong to the chosen category';
        }
      }
      const key = `${rule.categoryId}/${rule.subCategoryId}`;
      const first = seen.get(key);
      if (first !== undefined) {
        errors[at] = `repeats rule ${first}: merge them into one rule`;
      } else {
        seen.set(key, rule.position);
      }
    });
    const sum = rules.reduce((total, rule) => total + rule.questionCount, 0);
    if (rules.length === 0) {
      errors.rules = 'add at least one rule';
    } else if (sum !== body.questionCount) {
      errors.rules = `the rule counts add up to ${sum}, not the ${body.questionCount} questions per attempt`;
    }
  } else if (questionIds.length === 0) {
    errors.questionIds = 'pick at least one question';
  } else {
    const found = await repo.existingQuestions(trx, questionIds);
    if (questionIds.some((id) => !found.has(id))) {
      errors.questionIds = 'a picked question does not exist';
    }
  }
  if (Object.keys(errors).length > 0) {
    throw invalid(errors);
  }
  const values = {
    title: body.title,
    kind: body.kind,
    phaseId: body.phaseId,
    questionCount: body.questionCount,
    secondsPerQuestion: body.secondsPerQuestion,
    attemptsAllowed: body.attemptsAllowed ?? QUIZ_DEFAULTS.attemptsAllowed[body.kind],
    opensAt,
    closesAt,
    isActive: body.status === 'Active',
    poolMode: body.poolMode,
  };
  const pool: PoolInput = { ...values, gradeIds, rules, questionIds };
  return { values, pool };
}

/**
 * One active contest quiz per grade and phase: a child's plays are ranked against the same quiz as
 * their classmates', never a 6-question play against a 15-question one.
 */
async function requireOnlyContestQuiz(
  trx: Trx,
  quiz: { id: string | null; kind: string; phaseId: string; gradeIds: string[] },
): Promise<void> {
  if (quiz.kind !== 'CONTEST' || quiz.gradeIds.length === 0) {
    return;
  }
  const others = await repo.activeContestQuizzesSharing(trx, {
    phaseId: quiz.phaseId,
    gradeIds: quiz.gradeIds,
    exceptQuizId: quiz.id,
  });
  const first = others[0];
  if (first) {
    throw conflict(
      `${first.grade} already has an active contest quiz in this phase ("${first.title}"). ` +
        'A grade takes one contest quiz per phase: deactivate that one first.',
    );
  }
}

/** The settings a quiz's list row and its form show alike. */
const settingsOf = (row: repo.QuizRow | repo.QuizListRow) => ({
  questionCount: row.questionCount,
  secondsPerQuestion: row.secondsPerQuestion,
  attemptsAllowed: row.attemptsAllowed,
  opensAt: row.opensAt?.toISOString() ?? null,
  closesAt: row.closesAt?.toISOString() ?? null,
  status: STATUS_LABEL(row.isActive),
  poolMode: row.poolMode,
});

function toRowDto(
  row: repo.QuizListRow,
  grades: Map<string, { id: string; title: string }[]>,
  plays: Map<string, number>,
): QuizRowDto {
  return {
    _id: row.id,
    title: row.title,
    kind: row.kind,
    grades: (grades.get(row.id) ?? []).map((g) => ({ _id: g.id, title: g.title })),
    phase: { _id: row.phaseId, name: row.phaseName },
    ...settingsOf(row),
    playCount: plays.get(row.id) ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listQuizzes(
  db: Db,
  { page, limit, id: _id, status, sort, dir, ...query }: QuizListQuery,
) {
  const filter: repo.QuizFilter = {
    ...query,
    isActive: status === undefined ? undefined : status === 'Active',
  };
  const result = await pageOf(
    { page, limit },
    (l, o) => repo.listQuizzes(db, filter, { sort, dir }, l, o),
    () => repo.countQuizzes(db, filter),
    (row) => row,
  );
  const ids = result.data.map((r) => r.id);
  const [grades, plays] = await Promise.all([repo.gradesOf(db, ids), repo.playsOf(db, ids)]);
  return { ...result, data: result.data.map((row) => toRowDto(row, grades, plays)) };
}

/** A saved quiz's pool, as the engine and the report see it. */
async function savedPool(db: Executor, row: repo.QuizRow): Promise<PoolInput> {
  const [grades, rules, questionIds] = await Promise.all([
    repo.gradesOf(db, [row.id]),
    repo.rulesOf(db, row.id),
    repo.pickedOf(db, row.id),
  ]);
  return {
    kind: row.kind,
    phaseId: row.phaseId,
    gradeIds: (grades.get(row.id) ?? []).map((g) => g.id),
    questionCount: row.questionCount,
    poolMode: row.poolMode,
    rules,
    questionIds,
  };
}

export async function getQuiz(db: Executor, id: string): Promise<QuizDto> {
  const row = await repo.findQuiz(db, id);
  if (!row) {
    throw notFound('Quiz not found');
  }
  const [pool, plays] = await Promise.all([savedPool(db, row), repo.countPlays(db, id)]);
  const picked = await repo.pickedSummaries(db, pool.questionIds);
  return {
    _id: row.id,
    title: row.title,
    kind: row.kind,
    gradeIds: pool.gradeIds,
    phaseId: row.phaseId,
    ...settingsOf(row),
    rules: ruleValues(pool.rules),
    questionIds: pool.questionIds,
    pickedQuestions: picked.map((q) => ({
      _id: q.id,
      questionNo: Number(q.questionNo),
      preview: plainTextPreview(q.questionHtml),
      previewHtml: richTextPreview(q.questionHtml),
      grade: { _id: q.gradeId, title: q.gradeTitle },
      tag: q.tag,
      status: STATUS_LABEL(q.status === 'ACTIVE'),
    })),
    pool: await poolReport(db, pool),
    rulesText: quizRulesText(row),
    playCount: plays,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const poolAudit = (pool: PoolInput) => ({
  gradeIds: pool.gradeIds,
  poolMode: pool.poolMode,
  rules: ruleValues(pool.rules),
  questionIds: pool.questionIds,
});

/** After the commit, on every node (cache bus): the quiz's pools and, when its timing changed, play structures. */
const quizChanged = (db: Db, id: string, structure = false) =>
  announceCacheChanges(db, [
    { cache: 'quizPools', key: id },
    ...(structure ? everything('playStructures') : []),
  ]);

export async function createQuiz(db: Db, actor: Actor, body: QuizBody): Promise<QuizDto> {
  const id = await db.transaction().execute(async (trx) => {
    const { values, pool } = await prepare(trx, body);
    if (values.isActive) {
      await requireOnlyContestQuiz(trx, { ...pool, id: null });
      await requireSufficient(trx, pool);
    }
    const { id } = await repo.insertQuiz(trx, values);
    await repo.replacePool(trx, id, pool);
    await audit(trx, actor, 'quiz.create', 'quiz', id, {
      title: values.title,
      kind: values.kind,
      phaseId: values.phaseId,
      questionCount: values.questionCount,
      secondsPerQuestion: values.secondsPerQuestion,
      attemptsAllowed: values.attemptsAllowed,
      isActive: values.isActive,
      ...poolAudit(pool),
    });
    return id;
  });
  await quizChanged(db, id);
  return getQuiz(db, id);
}

export async function updateQuiz(db: Db, actor: Actor, id: string, body: QuizBody): Promise<QuizDto> {
  const structureChanged = await db.transaction().execute(async (trx) => {
    const current = await repo.lockQuiz(trx, id);
    if (!current) {
      throw notFound('Quiz not found');
    }
    const { values, pool } = await prepare(trx, body);
    if (values.isActive) {
      await requireOnlyContestQuiz(trx, { ...pool, id });
      await requireSufficient(trx, pool);
    }
    const before = await savedPool(trx, current);
    const { changes, set } = diff(current, values);
    await repo.updateQuiz(trx, id, set);
    await repo.replacePool(trx, id, pool);
    const poolBefore = poolAudit(before);
    const poolAfter = poolAudit(pool);
    const poolChanges = Object.fromEntries(
      (Object.keys(poolAfter) as (keyof typeof poolAfter)[])
        .filter((key) => JSON.stringify(poolBefore[key]) !== JSON.stringify(poolAfter[key]))
        .map((key) => [key, { from: poolBefore[key], to: poolAfter[key] }]),
    );
    await audit(trx, actor, 'quiz.update', 'quiz', id, {
      title: values.title,
      changes: { ...changes, ...poolChanges },
    });
    return 'secondsPerQuestion' in changes;
  });
  await quizChanged(db, id, structureChanged);
  return getQuiz(db, id);
}

export async function setQuizStatus(db: Db, actor: Actor, id: string, status: QuizStatus): Promise<QuizDto> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockQuiz(trx, id);
    if (!current) {
      throw notFound('Quiz not found');
    }
    const isActive = status === 'Active';
    if (current.isActive === isActive) {
      return;
    }
    if (isActive) {
      const pool = await savedPool(trx, current);
      await requireOnlyContestQuiz(trx, { ...pool, id });
      await requireSufficient(trx, pool);
    }
    await repo.updateQuiz(trx, id, { isActive });
    await audit(trx, actor, isActive ? 'quiz.activate' : 'quiz.deactivate', 'quiz', id, {
      title: current.title,
      changes: { isActive: { from: current.isActive, to: isActive } },
    });
  });
  await quizChanged(db, id);
  return getQuiz(db, id);
}

export async function deleteQuiz(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockQuiz(trx, id);
    if (!current) {
      throw notFound('Quiz not found');
    }
    refuseIfPlayed('quiz', await repo.countPlays(trx, id));
    await repo.deleteQuiz(trx, id).catch(stillReferenced('quiz'));
    await audit(trx, actor, 'quiz.delete', 'quiz', id, { title: current.title, kind: current.kind });
  });
  await quizChanged(db, id);
}

/** Grades, phases and categories with their sub categories, for the quiz form and filters. */
export async function quizOptions(db: Db): Promise<QuizOptionsDto> {
  const found = await repo.options(db);
  return {
    grades: found.grades.map((g) => ({ _id: g.id, title: g.title, isActive: g.isActive })),
    phases: found.phases.map((p) => ({ _id: p.id, name: p.name, number: p.number })),
    categories: found.categories.map((c) => ({
      _id: c.id,
      name: c.name,
      isActive: c.isActive,
      subCategories: found.subCategories
        .filter((s) => s.categoryId === c.id)
        .map((s) => ({ _id: s.id, name: s.name, isActive: s.isActive })),
    })),
  };
}
