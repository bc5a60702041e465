import { type KeyboardEvent, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { canOn } from '../../../shared/admin-list';
import { useAdminAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { RolesPanel } from './roles-panel';
import { StaffPanel } from './staff-panel';
import './staff.css';

export interface StaffAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
}

const TABS = [
  { id: 'staff', label: 'Staff' },
  { id: 'roles', label: 'Roles' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function StaffUsersPage() {
  const auth = useAdminAuth();
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const tab: TabId = params.get('tab') === 'roles' ? 'roles' : 'staff';
  if (auth === null) {
    return null;
  }
  const can = canOn(auth, 'users');
  const abilities: StaffAbilities = { create: can('create'), update: can('update'), delete: can('delete') };
  const access = { permissions: auth.permissions, isSuperAdmin: auth.isSuperAdmin };

  const select = (next: TabId) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'staff') {
        updated.delete('tab');
      } else {
        updated.set('tab', next);
      }
      return updated;
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next = tab === 'staff' ? 'roles' : 'staff';
      select(next);
      document.getElementById(`${baseId}-tab-${next}`)?.focus();
    }
  };

  return (
    <div className="stack">
      <PageHeading title="Staff users">
        Add back-office staff, switch accounts on and off, and decide what each role may do.
      </PageHeading>
      {!abilities.create && !abilities.update && !abilities.delete ? (
        <p className="muted">You can view staff and roles but not change them.</p>
      ) : null}
      <div className="staff-tabs" role="tablist" aria-label="Staff users" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className="staff-tabs__tab"
            onClick={() => select(t.id)}
            data-testid={`staff-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'staff' ? (
          <StaffPanel abilities={abilities} access={access} selfEmail={auth.email} />
        ) : (
          <RolesPanel abilities={abilities} access={access} />
        )}
      </div>
    </div>
  );
}
