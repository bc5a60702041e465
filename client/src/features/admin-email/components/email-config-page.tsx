import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useAdminAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { useSmtpSettings } from '../api/use-smtp';
import { SmtpSettingsForm } from './smtp-settings-form';
import { TestMailPanel } from './test-mail-panel';
import '../../../shared/forms/settings-form.css';
import './email-config.css';
import { SettingsLoadState } from '../../../shared/forms/settings-load-state';

const UPDATE_EMAIL_CONFIG: Permission = { module: 'emailConfigurations', action: 'update' };

export function EmailConfigPage() {
  const auth = useAdminAuth();
  const canUpdate = auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE_EMAIL_CONFIG);
  const settings = useSmtpSettings();

  return (
    <div className="stack">
      <PageHeading title="E-mail configuration">
        The mail server (SMTP relay) that sends sign-up, password and verification e-mails.
      </PageHeading>
      {!canUpdate ? <Alert tone="info">You can view these settings but not change them.</Alert> : null}
      <div className="settings-grid">
        <Card aria-labelledby="smtp-title" className="stack">
          <h2 id="smtp-title" className="card__title">
            Mail server
          </h2>
          <SettingsLoadState
            query={settings}
            loadingLabel="Loading the settings…"
            errorText="The e-mail settings could not be loaded."
          />
          {settings.isSuccess && settings.data === null ? (
            <Alert tone="warning">
              No mail server is set up yet, so e-mails are not being delivered.
              {canUpdate ? ' Fill in the details from your e-mail provider.' : ''}
            </Alert>
          ) : null}
          {settings.isSuccess && (settings.data !== null || canUpdate) ? (
            <SmtpSettingsForm
              key={settings.data?.updatedAt ?? 'new'}
              settings={settings.data}
              readOnly={!canUpdate}
            />
          ) : null}
        </Card>
        {canUpdate ? (
          <TestMailPanel
            defaultTo={auth?.email ?? ''}
            configured={settings.isSuccess && settings.data !== null}
          />
        ) : null}
      </div>
    </div>
  );
}
