import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { AdminAccess } from '../../config/admin-menu';
import { visibleAdminMenu } from '../../config/admin-menu';
import { adminPagePath, paths } from '../../config/paths';

/**
 * Scrolls the menu's own box (never the page) so the open page's item is in view: the menu is
 * longer than a laptop screen, and a page opened by its address could leave its item below the fold.
 */
function useActiveItemInView(pathname: string) {
  const navRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path decides which item is active.
  useEffect(() => {
    const nav = navRef.current;
    const box = nav?.parentElement;
    const active = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!box || !active) {
      return;
    }
    const boxRect = box.getBoundingClientRect();
    const itemRect = active.getBoundingClientRect();
    if (itemRect.top < boxRect.top || itemRect.bottom > boxRect.bottom) {
      box.scrollTop += itemRect.top - boxRect.top - (box.clientHeight - itemRect.height) / 2;
    }
  }, [pathname]);
  return navRef;
}

export function AdminMenuNav({ access }: { access: AdminAccess }) {
  const groups = visibleAdminMenu(access);
  const navRef = useActiveItemInView(useLocation().pathname);
  return (
    <nav className="admin-menu" aria-label="Back office" ref={navRef}>
      <ul className="admin-menu__home">
        <li>
          <NavLink to={paths.admin.dashboard} className="nav-link">
            Dashboard
          </NavLink>
        </li>
      </ul>
      {groups.length === 0 ? <p className="muted">No other pages are open to your account.</p> : null}
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
      {access.isSuperAdmin ? (
        <div className="admin-menu__group">
          <h2 className="admin-menu__heading">Maintenance</h2>
          <ul>
            <li>
              <NavLink to={paths.admin.scriptAdmin} className="nav-link">
                Script admin
              </NavLink>
            </li>
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
