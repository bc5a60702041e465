import type { Action, CodeBatch, Module } from '@riyazi/api/contracts';
import { expect } from 'vitest';
import {
  authorizedCall,
  bearer,
  signedInStaff,
  signedInStudent,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the access-codes-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const REFUSED = 'This code is not valid or has already been used.';
export const TOO_MANY = 'Too many tries. Please try again later.';
export const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export const CODE_ALL: [Module, Action][] = [
  ['code', 'read'],
  ['code', 'create'],
  ['code', 'update'],
  ['code', 'export'],
];

export const signedIn = (permissions: [Module, Action][] = CODE_ALL) => signedInStaff(t, { permissions });

export const call = authorizedCall(t);

/** A student with a session; contestAttempts starts at 0. */
/** A signed-in student with no contest attempts. */
export const newStudent = () =>
  signedInStudent(t, { fullName: 'Sana Student', contestAttempts: 0, emailVerified: false });

export const redeem = (token: string, code: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/redeem-code',
    headers: bearer(token),
    payload: { code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

export interface BatchBody {
  data: Omit<CodeBatch, 'createdAt'>;
}

export async function createBatch(token: string, body: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/api/admin/codeBatch/create/', {
    label: 'Beaconhouse Gulberg',
    attempts: 2,
    phaseId: null,
    count: 5,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const batch = res.json<BatchBody>().data;
  const codes = await t.db
    .selectFrom('accessCodes')
    .select(['id', 'code'])
    .where('batchId', '=', batch._id)
    .orderBy('code')
    .execute();
  return { batch, codes };
}

export const codeRow = (id: string) =>
  t.db.selectFrom('accessCodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const studentRow = (id: string) =>
  t.db
    .selectFrom('students')
    .select(['contestAttempts', 'codeEntered', 'isPaymentMade'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The formatted code as a person might type it: lower case, spaces, no dashes. */
export const sloppy = (code: string) => code.toLowerCase().replaceAll('-', ' ');
