import { describe, expect, it } from 'vitest';
import {
  canGrantAll,
  canSetPasswordOf,
  compactPermissions,
  grantCount,
  rowState,
  setRow,
  staffLockReason,
} from './permission-grid';

describe('permission grid', () => {
  it('ticks a whole row except the boxes the editor may not touch', () => {
    const next = setRow({}, 'question', true, (action) => action !== 'delete');
    expect(next.question).toEqual({ read: true, create: true, update: true });
    expect(rowState(next, 'question')).toBe('some');
    expect(
      rowState(
        setRow(next, 'question', true, () => true),
        'question',
      ),
    ).toBe('all');
    expect(
      rowState(
        setRow(next, 'question', false, () => true),
        'question',
      ),
    ).toBe('none');
  });

  it('keeps only granted permissions when sending a role', () => {
    expect(
      compactPermissions({
        grade: { read: true, create: false },
        phase: { read: false },
        quiz: { delete: true },
      }),
    ).toEqual({ grade: { read: true }, quiz: { delete: true } });
    expect(grantCount({ grade: { read: true, create: false }, quiz: { delete: true } })).toBe(2);
  });

  it('lets a user grant only what they hold, and a Super Admin role only to a Super Admin', () => {
    const limited = { permissions: { users: { read: true, update: true } }, isSuperAdmin: false };
    expect(canGrantAll(limited, { permissions: { users: { read: true } }, isSuperAdmin: false })).toBe(true);
    expect(canGrantAll(limited, { permissions: { users: { delete: true } }, isSuperAdmin: false })).toBe(
      false,
    );
    expect(canGrantAll(limited, { permissions: {}, isSuperAdmin: true })).toBe(false);
    expect(
      canGrantAll({ permissions: {}, isSuperAdmin: true }, { permissions: {}, isSuperAdmin: true }),
    ).toBe(true);
  });

  it('locks staff the user may not change: a Super Admin unless they are one, anyone holding more', () => {
    const manager = {
      permissions: { users: { read: true, update: true, delete: true } },
      isSuperAdmin: false,
    };
    const boss = { permissions: {}, isSuperAdmin: true };
    expect(staffLockReason(manager, { isSuperAdmin: true })).toBe(
      'Only a Super Admin can change a Super Admin',
    );
    expect(
      staffLockReason(manager, { isSuperAdmin: false, permissions: { student: { export: true } } }),
    ).toBe('Has permissions you do not hold');
    expect(staffLockReason(manager, { isSuperAdmin: false })).toBe('Has permissions you do not hold');
    expect(
      staffLockReason(manager, { isSuperAdmin: false, permissions: { users: { read: true } } }),
    ).toBeNull();
    expect(staffLockReason(boss, { isSuperAdmin: true })).toBeNull();
    expect(staffLockReason(boss, { isSuperAdmin: false })).toBeNull();
  });

  it('offers Export on students only, and counts it in the student row', () => {
    const crud = setRow({}, 'student', true, (action) => action !== 'export');
    expect(rowState(crud, 'student')).toBe('some');
    const all = setRow({}, 'student', true, () => true);
    expect(all.student).toEqual({ read: true, create: true, update: true, delete: true, export: true });
    expect(rowState(all, 'student')).toBe('all');
    expect(setRow({}, 'question', true, () => true).question).toEqual({
      read: true,
      create: true,
      update: true,
      delete: true,
    });
  });

  it('offers to set a password only for staff below the signed-in user, never their own', () => {
    const manager = { isSuperAdmin: false, permissions: { users: { read: true, update: true } } };
    const reader = { isSuperAdmin: false, permissions: { users: { read: true } } };
    expect(canSetPasswordOf(manager, reader, false)).toBe(true);
    expect(canSetPasswordOf(manager, reader, true)).toBe(false);
    expect(canSetPasswordOf(manager, manager, false)).toBe(false);
    expect(canSetPasswordOf(manager, { isSuperAdmin: true, permissions: {} }, false)).toBe(false);
    expect(canSetPasswordOf({ isSuperAdmin: true, permissions: {} }, manager, false)).toBe(true);
    expect(canSetPasswordOf(manager, { isSuperAdmin: false }, false)).toBe(false);
  });
});
