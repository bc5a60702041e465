import type { ReactNode } from 'react';
import { Card } from '../../../shared/ui/surface';
import './admin-auth.css';

export function AdminAuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="admin-auth">
      <div className="admin-auth__panel">
        <Card>
          <div className="admin-auth__brand">
            <span className="logo__mark" aria-hidden="true">
              R
            </span>
            <span>
              Riyazi <small>Back office</small>
            </span>
          </div>
          {children}
        </Card>
      </div>
    </main>
  );
}
