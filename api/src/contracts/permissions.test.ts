import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, actionsOf, allPermissions, hasPermission, MODULES } from './permissions.js';

describe('permissions', () => {
  it('grant a Super Admin everything and others only what they hold', () => {
    expect(hasPermission({}, true, { module: 'users', action: 'delete' })).toBe(true);
    expect(hasPermission({ student: { read: true } }, false, { module: 'student', action: 'read' })).toBe(
      true,
    );
    expect(hasPermission({ student: { read: true } }, false, { module: 'student', action: 'update' })).toBe(
      false,
    );
  });

  it('guard every admin page with a known module, as spec §6 lists them', () => {
    for (const page of Object.values(ADMIN_PAGES)) {
      expect(MODULES).toContain(page.module);
    }
    expect(ADMIN_PAGES.questionView).toMatchObject({ module: 'question', action: 'update' });
    expect(ADMIN_PAGES.quizEdit).toMatchObject({ module: 'quiz', action: 'update' });
    expect(ADMIN_PAGES.quizNew).toMatchObject({ module: 'quiz', action: 'create' });
    expect(ADMIN_PAGES.bulkUploadNew).toMatchObject({ module: 'bulkUpload', action: 'create' });
    expect(ADMIN_PAGES.configContestServices).toMatchObject({
      module: 'paymentConfigurations',
      action: 'read',
    });
  });

  it('offer export on students and access codes only, held by a Super Admin and not implied by read', () => {
    expect(MODULES.filter((m) => actionsOf(m).includes('export'))).toEqual(['student', 'code']);
    expect(hasPermission({ code: { read: true } }, false, { module: 'code', action: 'export' })).toBe(false);
    expect(allPermissions().student).toEqual({
      read: true,
      create: true,
      update: true,
      delete: true,
      export: true,
    });
    expect(allPermissions().question).toEqual({ read: true, create: true, update: true, delete: true });
    expect(hasPermission({}, true, { module: 'student', action: 'export' })).toBe(true);
    expect(hasPermission({ student: { read: true } }, false, { module: 'student', action: 'export' })).toBe(
      false,
    );
  });

  it('offer the queue board as read (look) and update (retry, promote, remove), held by a Super Admin', () => {
    expect(actionsOf('queues')).toEqual(['read', 'update']);
    expect(actionsOf('integrity')).toEqual(['read', 'update']);
    expect(allPermissions().queues).toEqual({ read: true, update: true });
    expect(hasPermission({ student: { read: true } }, false, { module: 'queues', action: 'read' })).toBe(
      false,
    );
  });

  it('offer integrity review as read (the queue and its evidence) and update (decide)', () => {
    expect(actionsOf('integrity')).toEqual(['read', 'update']);
    expect(allPermissions().integrity).toEqual({ read: true, update: true });
    expect(
      hasPermission({ integrity: { read: true } }, false, { module: 'integrity', action: 'update' }),
    ).toBe(false);
  });
});
