import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrlFromEnv } from './env.js';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../database.generated.ts');

const union = (...values: string[]) => values.map((v) => `"${v}"`).join(' | ');
const generatedUnion = (...values: string[]) => `Generated<${union(...values)}>`;

// Columns whose CHECK constraint limits them to a few values are typed as unions.
const columnOverrides: Record<string, string> = {
  'phases.status': generatedUnion('UPCOMING', 'ACTIVE', 'CLOSED'),
  'students.gender': `${union('MALE', 'FEMALE', 'OTHER')} | null`,
  'students.language': generatedUnion('en', 'ur'),
  'refresh_tokens.audience': union('student', 'staff'),
  'sessions.audience': union('student', 'staff'),
  'questions.type': generatedUnion('MCQS', 'OPEN_ENDED'),
  'questions.tag': union('PRACTICE', 'CONTEST', 'BOTH'),
  'questions.status': generatedUnion('ACTIVE', 'INACTIVE'),
  'quizzes.kind': union('PRACTICE', 'CONTEST'),
  'quizzes.pool_mode': generatedUnion('RULES', 'QUESTIONS'),
  'plays.kind': union('PRACTICE', 'CONTEST'),
  'integrity_signals.kind': union('FAST_CORRECT', 'COPIED_ANSWERS', 'SHARED_ORIGIN', 'SCRIPTED_TIMING'),
  'play_reviews.decision': union('CLEAR', 'WARN', 'DISQUALIFY'),
  'plays.status': generatedUnion('IN_PROGRESS', 'FINISHED', 'CANCELLED'),
  'play_answers.outcome': union('ANSWERED', 'NO_ANSWER'),
  'background_jobs.kind': union('STUDENT_EXPORT', 'STUDENT_BULK_UPLOAD', 'CERTIFICATE_RUN'),
  'certificates.kind': union('PARTICIPANT', 'QUALIFIER', 'WINNER'),
  'background_jobs.status': generatedUnion('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'),
  'audit_log.actor_type': union('staff', 'student', 'system'),
  'students.verification_status': generatedUnion('NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED'),
  'account_tokens.purpose': union('VERIFY_EMAIL', 'RESET_PASSWORD'),
  'account_tokens.audience': union('student', 'staff'),
  'student_documents.kind': union('SCHOOL_ID', 'B_FORM'),
  'student_documents.status': generatedUnion('PENDING', 'APPROVED', 'REJECTED', 'REPLACED'),
  'mail_messages.status': generatedUnion('QUEUED', 'SENT', 'FAILED'),
  'site_page_versions.page_key': union(
    'terms',
    'privacy',
    'refund',
    'about',
    'contact',
    'sponsor',
    'practiceQuizInfo',
  ),
};

/** Arguments shared by generation and by the drift check in the test suite. */
export function codegenArgs(extra: string[] = []): string[] {
  return [
    'kysely-codegen',
    '--dialect',
    'postgres',
    '--camel-case',
    '--numeric-parser',
    'number',
    '--type-mapping',
    JSON.stringify({ int8: 'number' }),
    '--overrides',
    JSON.stringify({ columns: columnOverrides }),
    '--exclude-pattern',
    'kysely_migration*',
    '--out-file',
    out,
    ...extra,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  execFileSync('npx', codegenArgs(process.argv.slice(2)), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrlFromEnv() },
  });
}
