import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useId } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Card } from '../../../shared/ui/surface';
import { useDisplaySettings } from '../api/use-boards';
import { PublicDisplayForm } from './public-display-form';
import './boards.css';
import { SettingsLoadState } from '../../../shared/forms/settings-load-state';

const UPDATE: Permission = { module: 'systemConfigurations', action: 'update' };

/** On the system configuration page: how public boards name children, and the home page announcement. */
export function PublicDisplaySection() {
  const auth = useAdminAuth();
  const canUpdate = auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE);
  const settings = useDisplaySettings();
  const headingId = useId();

  return (
    <Card className="stack" aria-labelledby={headingId} data-testid="public-display">
      <header>
        <h2 id={headingId} className="card__title">
          Public display
        </h2>
        <p className="muted">
          What the public leaderboards say about each student, and the announcement on the home page.
        </p>
      </header>
      <SettingsLoadState
        query={settings}
        loadingLabel="Loading the display settings…"
        errorText={`The display settings could not be loaded: ${describeError(settings.error)}`}
      />
      {settings.isSuccess ? (
        <PublicDisplayForm
          key={settings.data.updatedAt ?? 'defaults'}
          settings={settings.data}
          readOnly={!canUpdate}
        />
      ) : null}
    </Card>
  );
}
