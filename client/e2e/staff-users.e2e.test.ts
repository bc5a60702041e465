import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff } from '../../test/helpers.js';
import { horizontalOverflow, openPage, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

describe('staff users', () => {
  it('a Super Admin adds a verifier, who then sees only what the role allows', async () => {
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const adminContext = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await adminContext.newPage();
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/staff-users');
    await page.getByTestId('staff-table').waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);

    await page.getByTestId('staff-tab-roles').click();
    await page.getByTestId('add-role').click();
    const roleForm = page.getByTestId('role-form');
    await roleForm.getByTestId('role-name').fill('Verifiers');
    await roleForm.getByTestId('perm-studentVerification-read').check();
    await roleForm.getByTestId('role-save').click();
    await page.getByText('Role saved').waitFor();
    await page.getByTestId('role-item').filter({ hasText: 'Verifiers' }).waitFor();

    await page.getByTestId('staff-tab-staff').click();
    await page.getByTestId('add-staff').click();
    const staffForm = page.getByTestId('staff-form');
    await staffForm.getByTestId('staff-email').fill('verifier@example.com');
    await staffForm.getByTestId('staff-username').fill('Vera Verifier');
    await staffForm.getByTestId('staff-password').fill('verify me please');
    await staffForm.getByTestId('staff-role').selectOption({ label: 'Verifiers' });
    await staffForm.getByTestId('staff-save').click();
    await page.getByText('Staff member added').waitFor();
    await page.getByTestId('staff-row').filter({ hasText: 'verifier@example.com' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const stored = await holder.stack.db
      .selectFrom('staffUsers')
      .innerJoin('rolePermissions', 'rolePermissions.roleId', 'staffUsers.roleId')
      .select(['rolePermissions.module', 'rolePermissions.action'])
      .where('staffUsers.email', '=', 'verifier@example.com')
      .execute();
    expect(stored).toEqual([{ module: 'studentVerification', action: 'read' }]);

    const verifierContext = await holder.stack.newContext();
    const verifierPage = await verifierContext.newPage();
    await signInAsAdmin(verifierPage, 'verifier@example.com', 'verify me please');
    const menu = verifierPage.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Verification' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Staff users' }).count()).toBe(0);
    await verifierPage.goto('/admin-a1b2c3/staff-users');
    await verifierPage.getByTestId('no-permission').waitFor();
    await expect(verifierPage.getByTestId('no-permission').textContent()).resolves.toContain(
      'You do not have permission to open this page.',
    );

    await verifierContext.close();
    await adminContext.close();
  });

  it('a staff manager who is not a Super Admin cannot touch a Super Admin, and sees the refusal when the page was stale', async () => {
    const { db } = holder.stack;
    const boss = await makeStaff(db, { superAdmin: true });
    const coordinator = await makeStaff(db, { permissions: [['student', 'export']] });
    const member = await makeStaff(db);
    const manager = await makeStaff(db, {
      permissions: [
        ['users', 'read'],
        ['users', 'create'],
        ['users', 'update'],
        ['users', 'delete'],
      ],
    });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, manager.email, manager.password);
    await page.goto('/admin-a1b2c3/staff-users');
    const rowOf = (email: string) => page.getByTestId('staff-row').filter({ hasText: email });
    await rowOf(boss.email).getByTestId('staff-locked').waitFor();

    const expectLocked = async (email: string, reason: string) => {
      const row = rowOf(email);
      expect(await row.getByTestId('staff-locked').textContent()).toBe(reason);
      expect(await row.getByRole('button').allTextContents()).toEqual(['Send reset link']);
      expect(await row.getByTestId('staff-active-switch').isDisabled()).toBe(true);
    };
    await expectLocked(boss.email, 'Only a Super Admin can change a Super Admin');
    await expectLocked(coordinator.email, 'Has permissions you do not hold');
    expect(
      await rowOf(member.email)
        .getByRole('button', { name: /^(Edit|Delete) / })
        .count(),
    ).toBe(2);
    await shot(page, 'staff-users-manager-1366.png');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await rowOf(boss.email).getByTestId('staff-locked').waitFor();
    await shot(page, 'staff-users-manager-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The member became a Super Admin after the page loaded: the api refuses, and says why.
    await db.updateTable('staffUsers').set({ roleId: boss.roleId }).where('id', '=', member.id).execute();
    await rowOf(member.email).getByTestId('staff-active-switch').click();
    await page.getByText('Only a Super Admin can change, deactivate or delete a Super Admin').waitFor();
    const stored = await db
      .selectFrom('staffUsers')
      .select('isActive')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored.isActive).toBe(true);
    const refused = await db
      .selectFrom('auditLog')
      .select('actorId')
      .where('action', '=', 'staffUser.update.refused')
      .where('targetId', '=', member.id)
      .execute();
    expect(refused).toEqual([{ actorId: manager.id }]);
    await context.close();
  });
});

describe('passwords of colleagues', () => {
  it('offers to set a password only below the manager, a reset link on every row, and shows the refusal of a stale page', async () => {
    const { db } = holder.stack;
    const manager = await makeStaff(db, {
      permissions: [
        ['users', 'read'],
        ['users', 'update'],
        ['grade', 'read'],
      ],
    });
    const peer = await makeStaff(db);
    await db.updateTable('staffUsers').set({ roleId: manager.roleId }).where('id', '=', peer.id).execute();
    const junior = await makeStaff(db, { permissions: [['grade', 'read']] });
    const other = await makeStaff(db, { permissions: [['grade', 'read']] });
    const boss = await makeStaff(db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, manager.email, manager.password);
    await page.goto('/admin-a1b2c3/staff-users');
    const rowOf = (email: string) => page.getByTestId('staff-row').filter({ hasText: email });
    await rowOf(boss.email).getByTestId('staff-locked').waitFor();
    const form = page.getByTestId('staff-form');
    const openEdit = async (email: string) => {
      await rowOf(email)
        .getByRole('button', { name: /^Edit / })
        .click();
      await form.waitFor();
    };

    // A colleague in the same role: no password field, but a reset link.
    await openEdit(peer.email);
    expect(await form.getByTestId('staff-password').count()).toBe(0);
    expect(await form.getByTestId('staff-password-note').textContent()).toContain(
      'You can set the password only of staff below you.',
    );
    await shot(page, 'staff-peer-edit-1366.png');
    await form.getByRole('button', { name: 'Cancel' }).click();
    for (const email of [peer.email, junior.email, boss.email, manager.email]) {
      await rowOf(email).getByTestId('staff-reset-link').waitFor();
    }
    await shot(page, 'staff-passwords-1366.png');
    await rowOf(peer.email).getByTestId('staff-reset-link').click();
    const dialog = page.getByTestId('reset-link-dialog');
    expect(await dialog.textContent()).toContain(peer.email);
    await shot(page, 'staff-reset-link-1366.png');
    await dialog.getByTestId('reset-link-send').click();
    await page.getByText(`A reset link was sent to ${peer.email}`).waitFor();
    const mails = await db
      .selectFrom('mailMessages')
      .select('template')
      .where('toEmail', '=', peer.email)
      .execute();
    expect(mails).toEqual([{ template: 'resetPassword' }]);

    // Below the manager: the password can be set.
    await openEdit(junior.email);
    await form.getByTestId('staff-password').fill('set for the junior 1');
    await form.getByTestId('staff-save').click();
    await page.getByText('Staff member updated').waitFor();
    await expect(
      loginStaff(holder.stack.app, { ...junior, password: 'set for the junior 1' }),
    ).resolves.toHaveProperty('accessToken');

    // Promoted to the manager's role after the page loaded: the api refuses and says why.
    await openEdit(other.email);
    await db.updateTable('staffUsers').set({ roleId: manager.roleId }).where('id', '=', other.id).execute();
    await form.getByTestId('staff-password').fill('too late for this 1');
    await form.getByTestId('staff-save').click();
    await page
      .getByText('You can set the password only of staff below you (fewer permissions than yours).', {
        exact: false,
      })
      .first()
      .waitFor();
    await expect(loginStaff(holder.stack.app, other)).resolves.toHaveProperty('accessToken');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin-a1b2c3/staff-users');
    await rowOf(boss.email).getByTestId('staff-reset-link').waitFor();
    await shot(page, 'staff-passwords-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${process.env.STAFF_SHOTS_DIR ?? '/tmp'}/${name}`, fullPage: true });
}
