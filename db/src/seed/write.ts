import { randomUUID } from 'node:crypto';
import type { Db } from '../connection.js';
import { insertFaq } from './faq.js';
import { SEED_QUESTIONS } from './questions.js';
import {
  CATEGORIES,
  type CategoryName,
  DEMO_BUYER_EMAIL,
  GRADE_NUMBERS,
  LIMITED_ROLES,
  QUIZ_SETTINGS,
  type SeedPhase,
  STUDENTS,
  SUPER_ADMIN_ROLE,
  seedPhases,
} from './reference.js';
import { insertSitePages } from './site-pages.js';

export interface DemoDataInput {
  now: Date;
  adminEmail: string;
  adminPasswordHash: string;
  /** One hash per entry of STUDENTS, each with its own salt. */
  studentPasswordHashes: string[];
}

interface SubCategoryRef {
  id: string;
  categoryId: string;
}

function lookup<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) {
    throw new Error(`Seed data refers to unknown ${what}: ${String(key)}`);
  }
  return value;
}

const subCategoryKey = (category: string, subCategory: string) => `${category} / ${subCategory}`;

/** Writes the whole demo dataset; run it inside one transaction. Returns row counts by table. */
export async function writeDemoData(trx: Db, input: DemoDataInput): Promise<Record<string, number>> {
  const gradeIds = await insertGrades(trx);
  const phases = seedPhases(input.now);
  const phaseIds = await insertPhases(trx, phases);
  const subCategories = await insertCategories(trx);
  const { superAdminRoleId, roleCount } = await insertRoles(trx);
  const admin = await trx
    .insertInto('staffUsers')
    .values({
      email: input.adminEmail,
      username: 'Admin',
      passwordHash: input.adminPasswordHash,
      roleId: superAdminRoleId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questionCount = await insertQuestions(trx, {
    gradeIds,
    phaseIds,
    subCategories,
    createdBy: admin.id,
  });
  const phase1 = phases.find((p) => p.number === 1);
  if (!phase1) {
    throw new Error('Seed data has no phase 1');
  }
  const quizCount = await insertQuizzes(trx, gradeIds, lookup(phaseIds, 1, 'phase'), phase1);
  const studentCount = await insertStudents(trx, gradeIds, input);
  await insertDemoFlags(trx, lookup(phaseIds, 1, 'phase'), lookup(phaseIds, 2, 'phase'), admin.id);
  const packageCount = await insertPaymentDemo(trx, lookup(phaseIds, 1, 'phase'), admin.id);
  const faqCount = await insertFaq(trx, admin.id);
  const sitePageCount = await insertSitePages(trx, admin.id);
  // Public boards show first names and initials (students are minors); the home page's date-bound
  // section (spec §2) is this announcement, which ended on 1 Nov 2024.
  await trx
    .insertInto('publicDisplaySettings')
    .values({
      id: 1,
      nameStyle: 'FIRST_INITIAL',
      announcementTitle: 'Riyazi contest 2024',
      announcementBody:
        'The 2024 contest is on its way. Sign up, complete your profile and get ready for phase 1.',
      announcementEndsAt: new Date('2024-11-01T00:00:00+05:00'),
      updatedBy: admin.id,
    })
    .execute();
  return {
    grades: gradeIds.size,
    phases: phaseIds.size,
    categories: Object.keys(CATEGORIES).length,
    subCategories: subCategories.size,
    questions: questionCount,
    quizzes: quizCount,
    students: studentCount,
    roles: roleCount,
    paymentPackages: packageCount,
    faqEntries: faqCount,
    sitePages: sitePageCount,
  };
}

/**
 * Payments that work in the demo: two phase 1 packages, the sandbox gateway (a local checkout page
 * with Approve and Decline; no money moves) and a half-price promo code, WELCOME50.
 */
async function insertPaymentDemo(trx: Db, phase1Id: string, adminId: string): Promise<number> {
  const packages = await trx
    .insertInto('paymentPackages')
    .values([
      {
        name: 'One attempt',
        description: 'One contest attempt for phase 1',
        attempts: 1,
        phaseId: phase1Id,
        pricePaisa: 50_000,
        position: 1,
      },
      {
        name: 'Two attempts',
        description: 'Both contest attempts for phase 1',
        attempts: 2,
        phaseId: phase1Id,
        pricePaisa: 90_000,
        position: 2,
      },
    ])
    .returning('id')
    .execute();
  await trx
    .insertInto('paymentGatewaySettings')
    .values({ gateway: 'sandbox', enabled: true, updatedBy: adminId })
    .execute();
  await trx
    .insertInto('promoCodes')
    .values({
      code: 'WELCOME50',
      description: 'Demo: half price',
      discountType: 'PERCENT',
      discountValue: 50,
      maxUsesPerStudent: 1,
      createdBy: adminId,
    })
    .execute();
  return packages.length;
}

/** A demo that works out of the box: sign-up and both quiz kinds open on phase 1. */
async function insertDemoFlags(trx: Db, phase1Id: string, phase2Id: string, adminId: string): Promise<void> {
  const flags = {
    isRegistrationEnabled: true,
    isPracticeQuizEnabled: true,
    isContestQuizEnabled: true,
    isPaymentEnabled: true,
    isEmptyLeaderBoardDisplayed: true,
    practiceQuizPhase: phase1Id,
    contestQuizPhase: phase1Id,
    nextPhase: phase2Id,
  };
  await trx
    .insertInto('systemFlags')
    .values({ id: 1, flags: JSON.stringify(flags), updatedBy: adminId })
    .execute();
}

async function insertGrades(trx: Db): Promise<Map<number, string>> {
  const rows = await trx
    .insertInto('grades')
    .values(GRADE_NUMBERS.map((n) => ({ title: `Grade ${n}`, sortOrder: n })))
    .returning(['id', 'sortOrder'])
    .execute();
  return new Map(rows.map((r) => [r.sortOrder, r.id]));
}

async function insertPhases(trx: Db, phases: SeedPhase[]): Promise<Map<number, string>> {
  const rows = await trx.insertInto('phases').values(phases).returning(['id', 'number']).execute();
  return new Map(rows.map((r) => [r.number, r.id]));
}

async function insertCategories(trx: Db): Promise<Map<string, SubCategoryRef>> {
  const names = Object.keys(CATEGORIES) as CategoryName[];
  const categories = await trx
    .insertInto('categories')
    .values(names.map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  const subNames = new Map<string, readonly string[]>(Object.entries(CATEGORIES));
  const subRows = categories.flatMap((c) =>
    lookup(subNames, c.name, 'category').map((name) => ({ categoryId: c.id, name })),
  );
  const subs = await trx
    .insertInto('subCategories')
    .values(subRows)
    .returning(['id', 'categoryId', 'name'])
    .execute();
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  return new Map(
    subs.map((s) => [
      subCategoryKey(lookup(categoryNames, s.categoryId, 'category id'), s.name),
      { id: s.id, categoryId: s.categoryId },
    ]),
  );
}

async function insertRoles(trx: Db): Promise<{ superAdminRoleId: string; roleCount: number }> {
  const superAdmin = await trx
    .insertInto('staffRoles')
    .values({ name: SUPER_ADMIN_ROLE, isSuperAdmin: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of LIMITED_ROLES) {
    const { id } = await trx
      .insertInto('staffRoles')
      .values({ name: role.name, isSuperAdmin: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const permissions = Object.entries(role.permissions).flatMap(([module, actions]) =>
      (actions ?? []).map((action) => ({ roleId: id, module, action })),
    );
    await trx.insertInto('rolePermissions').values(permissions).execute();
  }
  return { superAdminRoleId: superAdmin.id, roleCount: 1 + LIMITED_ROLES.length };
}

interface QuestionRefs {
  gradeIds: Map<number, string>;
  phaseIds: Map<number, string>;
  subCategories: Map<string, SubCategoryRef>;
  createdBy: string;
}

async function insertQuestions(trx: Db, refs: QuestionRefs): Promise<number> {
  const phase1 = lookup(refs.phaseIds, 1, 'phase');
  const phase2 = lookup(refs.phaseIds, 2, 'phase');
  // Ids are made here so options and phases can be linked without relying on RETURNING order.
  const questions = SEED_QUESTIONS.map((q) => ({ id: randomUUID(), q }));
  await trx
    .insertInto('questions')
    .values(
      questions.map(({ id, q }) => {
        const sub = lookup(refs.subCategories, subCategoryKey(q.category, q.subCategory), 'sub category');
        return {
          id,
          questionHtml: q.questionHtml,
          type: q.type ?? 'MCQS',
          selectMultiple: q.selectMultiple ?? false,
          tag: q.tag,
          gradeId: lookup(refs.gradeIds, q.grade, 'grade'),
          categoryId: sub.categoryId,
          subCategoryId: sub.id,
          score: 1,
          answerHintText: q.hint,
          acceptedAnswers: q.acceptedAnswers ?? [],
          status: 'ACTIVE' as const,
          createdBy: refs.createdBy,
        };
      }),
    )
    .execute();

  const options = questions.flatMap(({ id, q }) =>
    (q.options ?? []).map((o, i) => ({
      questionId: id,
      position: i + 1,
      textHtml: o.text,
      isCorrect: o.correct ?? false,
    })),
  );
  if (options.length > 0) {
    await trx.insertInto('questionOptions').values(options).execute();
  }

  const links = questions.flatMap(({ id, q }) => [
    { questionId: id, phaseId: phase1 },
    ...(q.phase2 ? [{ questionId: id, phaseId: phase2 }] : []),
  ]);
  await trx.insertInto('questionPhases').values(links).execute();
  return questions.length;
}

async function insertQuizzes(
  trx: Db,
  gradeIds: Map<number, string>,
  phaseId: string,
  phase: SeedPhase,
): Promise<number> {
  const quizzes = GRADE_NUMBERS.flatMap((n) => {
    const common = {
      phaseId,
      ...QUIZ_SETTINGS,
      opensAt: phase.startsAt,
      closesAt: phase.endsAt,
      isActive: true,
      poolMode: 'RULES' as const,
    };
    const gradeId = lookup(gradeIds, n, 'grade');
    return [
      { gradeId, row: { ...common, title: `Grade ${n} Practice`, kind: 'PRACTICE' as const } },
      {
        gradeId,
        row: { ...common, title: `Grade ${n} Contest — Phase ${phase.number}`, kind: 'CONTEST' as const },
      },
    ];
  });
  const inserted = await trx
    .insertInto('quizzes')
    .values(quizzes.map((q) => q.row))
    .returning('id')
    .execute();
  // One grade each, and one rule: any category, the whole attempt.
  await trx
    .insertInto('quizGrades')
    .values(inserted.map(({ id }, i) => ({ quizId: id, gradeId: quizzes[i]!.gradeId })))
    .execute();
  await trx
    .insertInto('quizRules')
    .values(
      inserted.map(({ id }) => ({ quizId: id, position: 1, questionCount: QUIZ_SETTINGS.questionCount })),
    )
    .execute();
  return inserted.length;
}

async function insertStudents(trx: Db, gradeIds: Map<number, string>, input: DemoDataInput): Promise<number> {
  if (input.studentPasswordHashes.length !== STUDENTS.length) {
    throw new Error('Need one password hash per demo student');
  }
  const rows = STUDENTS.map(({ grade, ...student }, i) => ({
    ...student,
    gradeId: lookup(gradeIds, grade, 'grade'),
    passwordHash: input.studentPasswordHashes[i] ?? '',
    emailVerified: true,
    termsAcceptedAt: input.now,
    // Most can try the contest at once (both phase-1 attempts held); one holds none, so the payment
    // page has packages it can use (a package whose attempts could not be used is not sold).
    contestAttempts: student.email === DEMO_BUYER_EMAIL ? 0 : 2,
  }));
  await trx.insertInto('students').values(rows).execute();
  return rows.length;
}
