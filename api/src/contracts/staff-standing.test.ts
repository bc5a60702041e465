import { describe, expect, it } from 'vitest';
import { standingOf } from './staff-standing.js';

const staff = (permissions: Record<string, Record<string, boolean>>, isSuperAdmin = false) => ({
  isSuperAdmin,
  permissions,
});
const manager = staff({ users: { read: true, update: true }, grade: { read: true } });

describe('where a colleague stands', () => {
  it('puts everyone who is not a Super Admin below a Super Admin, and Super Admins level', () => {
    expect(standingOf(staff({}, true), manager)).toBe('below');
    expect(standingOf(manager, staff({}, true))).toBe('above');
    expect(standingOf(staff({}, true), staff({}, true))).toBe('peer');
  });

  it('puts a strict subset of the permissions below, the same set level, a superset above', () => {
    expect(standingOf(manager, staff({ users: { read: true } }))).toBe('below');
    expect(standingOf(manager, staff({}))).toBe('below');
    expect(standingOf(manager, staff({ grade: { read: true }, users: { update: true, read: true } }))).toBe(
      'peer',
    );
    expect(standingOf(manager, staff({ ...manager.permissions, student: { export: true } }))).toBe('above');
    expect(standingOf(manager, staff({ users: { read: true }, student: { read: true } }))).toBe('apart');
  });

  it('ignores permissions granted as false and actions a module does not offer', () => {
    expect(standingOf(manager, staff({ ...manager.permissions, question: { read: false } }))).toBe('peer');
    expect(standingOf(manager, staff({ ...manager.permissions, grade: { read: true, export: true } }))).toBe(
      'peer',
    );
  });
});
