import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, adminHomePath, safeAdminReturnPath, visibleAdminMenu } from './admin-menu';

const labels = (access: Parameters<typeof visibleAdminMenu>[0]) =>
  visibleAdminMenu(access).map((group) => [group.label, group.items.map((item) => item.label)]);

describe('visibleAdminMenu', () => {
  it('shows a Super Admin every item', () => {
    const items = visibleAdminMenu({ permissions: {}, isSuperAdmin: true }).flatMap((g) => g.items);
    expect(items).toHaveLength(ADMIN_MENU.flatMap((g) => g.items).length);
  });

  it('shows only the items whose module and action are granted, and drops empty groups', () => {
    const access = {
      permissions: {
        student: { read: true },
        promoCode: { update: true },
        systemConfigurations: { read: true },
      },
      isSuperAdmin: false,
    };
    expect(labels(access)).toEqual([
      ['Students', ['Students']],
      ['Configurations', ['System']],
    ]);
  });

  it('guards contest services with the payment configuration permission', () => {
    const access = { permissions: { paymentConfigurations: { read: true } }, isSuperAdmin: false };
    expect(labels(access)).toEqual([['Configurations', ['Payment', 'Contest services']]]);
  });

  it('shows nothing without permissions', () => {
    expect(visibleAdminMenu({ permissions: {}, isSuperAdmin: false })).toEqual([]);
  });
});

describe('adminHomePath', () => {
  it('is the dashboard, whatever the permissions (its tiles follow them)', () => {
    expect(adminHomePath()).toBe('/admin-a1b2c3/dashboard');
  });
});

describe('safeAdminReturnPath', () => {
  it('accepts a back-office path with its query', () => {
    expect(safeAdminReturnPath('/admin-a1b2c3/students?page=2')).toBe('/admin-a1b2c3/students?page=2');
  });

  it('refuses other sites, public pages and the login page itself', () => {
    expect(safeAdminReturnPath('https://evil.example/admin-a1b2c3/x')).toBeNull();
    expect(safeAdminReturnPath('//evil.example')).toBeNull();
    expect(safeAdminReturnPath('/dashboard')).toBeNull();
    expect(safeAdminReturnPath('/admin-a1b2c3/login')).toBeNull();
    expect(safeAdminReturnPath(42)).toBeNull();
  });
});
