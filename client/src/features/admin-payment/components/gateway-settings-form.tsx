import type { GatewayConfigView, GatewaySettingView, PaymentConfigView } from '@riyazi/api/contracts';
import { SettingsFormFooter } from '../../../shared/forms/settings-form-footer';
import { useSettingsForm } from '../../../shared/forms/use-settings-form';
import { Switch, TextField } from '../../../shared/ui/field';
import { PasswordField } from '../../../shared/ui/password-field';
import { Alert, Card } from '../../../shared/ui/surface';
import { useSavePaymentConfig } from '../api/use-payment-config';
import {
  draftFields,
  draftProblems,
  enabledField,
  type GatewayDraft,
  problemText,
  serverProblems,
  settingField,
  storedSecretText,
  toDraft,
  toRequestBody,
} from './gateway-draft';

interface GatewaySettingsFormProps {
  settings: PaymentConfigView;
  readOnly: boolean;
}

/** Every gateway the api describes, each with its switch and its own settings. */
export function GatewaySettingsForm({ settings, readOnly }: GatewaySettingsFormProps) {
  const save = useSavePaymentConfig();
  const { formRef, draft, saved, problems, disabled, change, onSubmit, footer } = useSettingsForm({
    initial: () => toDraft(settings),
    fields: draftFields(settings),
    readOnly,
    save,
    validate: (current: GatewayDraft) => draftProblems(current, settings),
    toBody: (current: GatewayDraft) => toRequestBody(current, settings),
    serverProblems: (fieldErrors) => serverProblems(fieldErrors, settings),
  });

  const settingInput = (gateway: GatewayConfigView, setting: GatewaySettingView) => {
    const name = settingField(gateway.id, setting.name);
    const common = {
      name,
      label: setting.label,
      value: String(draft[name] ?? ''),
      error: problemText(settings, name, problems[name]),
      disabled,
      maxLength: setting.maxLength,
      onChange: (event: { target: { value: string } }) => change(name, event.target.value),
      'data-testid': `payment-${gateway.id}-${setting.name}`,
    };
    if (setting.kind === 'secret') {
      const stored = storedSecretText(setting.storedHint);
      const noun = setting.label.toLowerCase();
      return (
        <PasswordField
          key={name}
          {...common}
          placeholder={stored ?? ''}
          hint={
            stored === null
              ? `No ${noun} is stored yet.`
              : `The ${noun} is ${stored}. Leave this blank to keep it; type a new one to replace it.`
          }
          autoComplete="new-password"
        />
      );
    }
    return (
      <TextField
        key={name}
        {...common}
        type={setting.kind === 'url' ? 'url' : 'text'}
        inputMode={setting.kind === 'url' ? 'url' : undefined}
        placeholder={setting.placeholder ?? undefined}
        hint={setting.hint ?? undefined}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
    );
  };

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      {settings.gateways.map((gateway) => {
        const switchName = enabledField(gateway.id);
        const on = draft[switchName] === true;
        const switchProblem = problemText(settings, switchName, problems[switchName]);
        return (
          <Card
            key={gateway.id}
            aria-labelledby={`gateway-${gateway.id}-title`}
            className="stack"
            data-testid={`payment-gateway-${gateway.id}`}
          >
            <h2 id={`gateway-${gateway.id}-title`} className="card__title">
              {gateway.label}
            </h2>
            <div className="pay-fields">
              <div className="pay-fields__wide stack">
                <Switch
                  name={switchName}
                  label={`Offer ${gateway.label} at checkout`}
                  hint={gateway.description}
                  checked={on}
                  disabled={disabled || (!gateway.available && !on)}
                  onCheckedChange={(checked) => change(switchName, checked)}
                  data-testid={`payment-${gateway.id}-enabled`}
                />
                {!gateway.available && gateway.unavailableReason ? (
                  <Alert tone="info">{gateway.unavailableReason}</Alert>
                ) : null}
                {switchProblem ? <Alert tone="error">{switchProblem}</Alert> : null}
                {on && gateway.warning ? <Alert tone="warning">{gateway.warning}</Alert> : null}
              </div>
              {gateway.settings.map((setting) => settingInput(gateway, setting))}
            </div>
          </Card>
        );
      })}

      <SettingsFormFooter
        {...footer}
        updatedAt={settings.updatedAt}
        className="pay-actions"
        testId="payment-save"
        unsaved={{ message: 'Your changes to the payment gateway settings have not been saved.', saved }}
      />
    </form>
  );
}
