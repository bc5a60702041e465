import type { Db } from '@riyazi/db';
import type { Executor } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { type Allocation, allocatePicked, allocatePool, type PoolRule } from './quiz-pool.js';
import * as repo from './quizzes.repository.js';
import type { GradeReportDto, PoolCheckBody, PoolReportDto } from './quizzes.schemas.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the pool depends on, whether it comes from a form or from a saved quiz. */
export interface PoolInput {
  kind: 'PRACTICE' | 'CONTEST';
  phaseId: string;
  gradeIds: string[];
  questionCount: number;
  poolMode: 'RULES' | 'QUESTIONS';
  rules: PoolRule[];
  questionIds: string[];
}

/** A pool's rules as the form and the audit log hold them (no positions). */
export const ruleValues = (rules: PoolRule[]) =>
  rules.map(({ categoryId, subCategoryId, questionCount }) => ({ categoryId, subCategoryId, questionCount }));

type Names = Pick<Awaited<ReturnType<typeof repo.references>>, 'categories' | 'subCategories'>;

/** 'Algebra › Fractions', 'Algebra, any sub category' or 'any category'. */
function ruleLabel(rule: Pick<PoolRule, 'categoryId' | 'subCategoryId'>, names: Names) {
  if (rule.categoryId === null) {
    return 'any category';
  }
  const category = names.categories.get(rule.categoryId)?.name ?? 'unknown category';
  if (rule.subCategoryId === null) {
    return `${category}, any sub category`;
  }
  return `${category} › ${names.subCategories.get(rule.subCategoryId)?.name ?? 'unknown sub category'}`;
}

/**
 * "Grade 4 is 3 questions short (rule 2: Algebra › Fractions has 2 of 5)", one sentence per grade
 * that falls short, and a sentence when the rules do not add up to an attempt; null when it fills.
 */
export function shortfallMessage(
  pool: Pick<PoolInput, 'poolMode' | 'questionCount' | 'rules'>,
  grades: GradeReportDto[],
): string | null {
  const sentences: string[] = [];
  if (pool.poolMode === 'RULES') {
    const sum = pool.rules.reduce((total, rule) => total + rule.questionCount, 0);
    if (pool.rules.length === 0) {
      sentences.push('Add at least one rule');
    } else if (sum !== pool.questionCount) {
      sentences.push(
        `The rules add up to ${plural(sum, 'question')}, not the ${pool.questionCount} of an attempt`,
      );
    }
  }
  if (grades.length === 0) {
    sentences.push('Choose at least one grade');
  }
  for (const grade of grades.filter((g) => g.shortBy > 0)) {
    const why =
      pool.poolMode === 'RULES'
        ? grade.rules
            .filter((r) => r.shortBy > 0)
            .map((r) => `rule ${r.position}: ${r.label} has ${r.available} of ${r.needed}`)
            .join('; ')
        : `${grade.available} of the picked questions ${grade.available === 1 ? 'is' : 'are'} eligible, ${grade.needed} needed`;
    sentences.push(`${grade.gradeTitle} is ${plural(grade.shortBy, 'question')} short (${why})`);
  }
  return sentences.length === 0 ? null : sentences.join('. ');
}

/** The per-grade sufficiency report of a pool: can every grade it serves fill an attempt? */
export async function poolReport(db: Executor, pool: PoolInput): Promise<PoolReportDto> {
  const refs = await repo.references(db, {
    gradeIds: pool.gradeIds,
    phaseId: pool.phaseId,
    categoryIds: pool.rules.flatMap((r) => (r.categoryId ? [r.categoryId] : [])),
    subCategoryIds: pool.rules.flatMap((r) => (r.subCategoryId ? [r.subCategoryId] : [])),
  });
  const candidates = await repo.eligibleQuestions(db, {
    kind: pool.kind,
    phaseId: pool.phaseId,
    gradeIds: refs.grades.map((g) => g.id),
    questionIds: pool.poolMode === 'QUESTIONS' ? pool.questionIds : undefined,
  });
  const grades = refs.grades.map((grade): GradeReportDto => {
    const own = candidates.filter((q) => q.gradeId === grade.id);
    const allocation: Allocation =
      pool.poolMode === 'RULES' ? allocatePool(pool.rules, own) : allocatePicked(pool.questionCount, own);
    return {
      gradeId: grade.id,
      gradeTitle: grade.title,
      eligible: own.length,
      available: allocation.available,
      needed: allocation.needed,
      shortBy: allocation.shortBy,
      rules: allocation.rules.map(({ questionIds: _ids, ...rule }) => {
        const source = pool.rules.find((r) => r.position === rule.position)!;
        return { ...rule, label: ruleLabel(source, refs) };
      }),
    };
  });
  const message = shortfallMessage(pool, grades);
  return { sufficient: message === null, message, grades };
}

export const withPositions = (
  rules: { categoryId: string | null; subCategoryId: string | null; questionCount: number }[],
) => rules.map((rule, i) => ({ ...rule, position: i + 1 }));

/** The pool check of the form, before saving: nothing is written. */
export function checkPool(db: Db, body: PoolCheckBody): Promise<PoolReportDto> {
  return poolReport(db, {
    ...body,
    gradeIds: [...new Set(body.gradeIds)],
    rules: body.poolMode === 'RULES' ? withPositions(body.rules) : [],
    questionIds: [...new Set(body.questionIds)],
  });
}

/**
 * An active quiz must be able to fill an attempt for every grade it serves. An inactive one may be
 * saved short: teachers build quizzes before the questions exist, and switching it on checks again.
 */
export async function requireSufficient(trx: Executor, pool: PoolInput) {
  const report = await poolReport(trx, pool);
  if (!report.sufficient) {
    throw new HttpError(
      400,
      `${report.message}. Add questions, change the pool, or save the quiz as inactive.`,
      { errors: { pool: report.message! } },
    );
  }
}
