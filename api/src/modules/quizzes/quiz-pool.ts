/**
 * The pool of a quiz, as pure functions: which eligible questions each rule can take for one grade.
 * The quiz engine draws with the same allocation (shuffle the candidates first, then take each
 * rule's questionIds), so what the form calls "enough" is exactly what an attempt can draw.
 */

export interface PoolRule {
  position: number;
  /** null: any category. */
  categoryId: string | null;
  /** null: any sub category of the category. */
  subCategoryId: string | null;
  questionCount: number;
}

export interface PoolCandidate {
  id: string;
  categoryId: string;
  subCategoryId: string;
}

export interface RuleAllocation {
  position: number;
  needed: number;
  /** How many questions this rule gets once the more specific rules took theirs. */
  available: number;
  shortBy: number;
  questionIds: string[];
}

export interface Allocation {
  needed: number;
  available: number;
  shortBy: number;
  /** By position. */
  rules: RuleAllocation[];
}

/** 0 for a sub category rule, 1 for a category rule, 2 for any category: the order rules take in. */
export const ruleSpecificity = (rule: Pick<PoolRule, 'categoryId' | 'subCategoryId'>) =>
  rule.subCategoryId !== null ? 0 : rule.categoryId !== null ? 1 : 2;

const matches = (rule: PoolRule, q: PoolCandidate) =>
  (rule.categoryId === null || rule.categoryId === q.categoryId) &&
  (rule.subCategoryId === null || rule.subCategoryId === q.subCategoryId);

/**
 * Gives each rule its count of questions without reuse, most specific rules first (sub category,
 * then category, then any category; by position within each). The rules' sets are nested or
 * disjoint (a sub category lies inside its category, which lies inside "any"), so taking greedily
 * in that order fills as much as any assignment could: a question a specific rule takes could
 * only have served rules that are wider still. Candidates are taken in the order given.
 */
export function allocatePool(rules: readonly PoolRule[], candidates: readonly PoolCandidate[]): Allocation {
  const used = new Set<string>();
  const order = [...rules].sort((a, b) => ruleSpecificity(a) - ruleSpecificity(b) || a.position - b.position);
  const byPosition = new Map<PoolRule, RuleAllocation>();
  for (const rule of order) {
    const questionIds: string[] = [];
    for (const q of candidates) {
      if (questionIds.length >= rule.questionCount) {
        break;
      }
      if (!used.has(q.id) && matches(rule, q)) {
        used.add(q.id);
        questionIds.push(q.id);
      }
    }
    byPosition.set(rule, {
      position: rule.position,
      needed: rule.questionCount,
      available: questionIds.length,
      shortBy: rule.questionCount - questionIds.length,
      questionIds,
    });
  }
  const allocated = rules.map((rule) => byPosition.get(rule)!).sort((a, b) => a.position - b.position);
  const needed = allocated.reduce((sum, r) => sum + r.needed, 0);
  const available = allocated.reduce((sum, r) => sum + r.available, 0);
  return { needed, available, shortBy: needed - available, rules: allocated };
}

/** A hand-picked pool: the eligible picked questions, of which an attempt needs questionCount. */
export function allocatePicked(questionCount: number, candidates: readonly PoolCandidate[]): Allocation {
  const available = Math.min(questionCount, candidates.length);
  return { needed: questionCount, available, shortBy: questionCount - available, rules: [] };
}
