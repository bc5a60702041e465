import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useAdminAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { Alert } from '../../../shared/ui/surface';
import { usePaymentConfig } from '../api/use-payment-config';
import { GatewaySettingsForm } from './gateway-settings-form';
import './payment-config.css';
import { SettingsLoadState } from '../../../shared/forms/settings-load-state';

const UPDATE_PAYMENT_CONFIG: Permission = { module: 'paymentConfigurations', action: 'update' };

export function PaymentConfigPage() {
  const auth = useAdminAuth();
  const canUpdate =
    auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE_PAYMENT_CONFIG);
  const settings = usePaymentConfig();

  return (
    <div className="stack pay-page">
      <PageHeading title="Payment configuration">
        The payment gateways students can pay through for contest attempts.
      </PageHeading>
      {!canUpdate ? <Alert tone="info">You can view these settings but not change them.</Alert> : null}
      <SettingsLoadState
        query={settings}
        loadingLabel="Loading the settings…"
        errorText="The payment settings could not be loaded."
      />
      {settings.isSuccess ? (
        <GatewaySettingsForm
          key={settings.data.updatedAt ?? 'new'}
          settings={settings.data}
          readOnly={!canUpdate}
        />
      ) : null}
    </div>
  );
}
