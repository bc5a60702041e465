import { NavLink } from 'react-router-dom';
import type { AdminAccess } from '../../config/admin-menu';
import { visibleAdminMenu } from '../../config/admin-menu';
import { adminPagePath } from '../../config/paths';

export function AdminMenuNav({ access }: { access: AdminAccess }) {
  const groups = visibleAdminMenu(access);
  return (
    <nav className="admin-menu" aria-label="Back office">
      {groups.length === 0 ? <p className="muted">No pages are open to your account.</p> : null}
      {groups.map((group) => (
        <div key={group.label} className="admin-menu__group">
          <h2 className="admin-menu__heading">{group.label}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.page}>
                <NavLink to={adminPagePath(item.page)} className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
