import { describe, expect, it } from 'vitest';
import { canPromote } from './can-promote';

const superAdmin = { isSuperAdmin: true, permissions: { student: { read: true, update: true } } };

describe('canPromote', () => {
  it('offers Promote to a Super Admin with student update when a winner can be added', () => {
    expect(canPromote(superAdmin, true)).toBe(true);
  });

  it('hides Promote when the list says no winner can be added', () => {
    expect(canPromote(superAdmin, false)).toBe(false);
    expect(canPromote(superAdmin, undefined)).toBe(false);
  });

  it('hides Promote from staff with student update who are not Super Admin', () => {
    expect(canPromote({ ...superAdmin, isSuperAdmin: false }, true)).toBe(false);
  });

  it('hides Promote from a Super Admin role without student update', () => {
    expect(canPromote({ isSuperAdmin: true, permissions: { student: { read: true } } }, true)).toBe(false);
  });

  it('hides Promote when nobody is signed in', () => {
    expect(canPromote(null, true)).toBe(false);
  });
});
