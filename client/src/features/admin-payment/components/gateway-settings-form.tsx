import {
  GATEWAY_SECRET_MAX,
  JAZZCASH_PRODUCTION_URL,
  JAZZCASH_SANDBOX_URL,
  MERCHANT_ID_MAX,
  type PaymentConfigView,
} from '@riyazi/api/contracts';
import { useSettingsForm } from '../../../shared/forms/use-settings-form';
import { Button } from '../../../shared/ui/button';
import { Switch, TextField } from '../../../shared/ui/field';
import { PasswordField } from '../../../shared/ui/password-field';
import { Alert, Card } from '../../../shared/ui/surface';
import { useSavePaymentConfig } from '../api/use-payment-config';
import {
  draftProblems,
  GATEWAY_FIELDS,
  GATEWAY_LABELS,
  type GatewayDraft,
  problemText,
  serverProblems,
  storedSecretText,
  toDraft,
  toRequestBody,
} from './gateway-draft';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

interface GatewaySettingsFormProps {
  settings: PaymentConfigView;
  readOnly: boolean;
}

export function GatewaySettingsForm({ settings, readOnly }: GatewaySettingsFormProps) {
  const save = useSavePaymentConfig();
  const { formRef, draft, dirty, problems, otherProblems, disabled, change, onSubmit } = useSettingsForm({
    initial: () => toDraft(settings),
    fields: GATEWAY_FIELDS,
    readOnly,
    save,
    validate: (current: GatewayDraft) => draftProblems(current, settings),
    toBody: toRequestBody,
    serverProblems,
  });

  const text = (name: 'merchantId' | 'baseUrl') => ({
    name,
    label: GATEWAY_LABELS[name],
    value: draft[name],
    error: problemText(name, problems[name]),
    disabled,
    autoCapitalize: 'none',
    autoCorrect: 'off',
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    'data-testid': `payment-${name}`,
  });

  const secret = (name: 'password' | 'integritySalt', hint: string | null) => {
    const stored = storedSecretText(hint);
    const noun = name === 'password' ? 'password' : 'salt';
    return (
      <PasswordField
        name={name}
        label={GATEWAY_LABELS[name]}
        value={draft[name]}
        placeholder={stored ?? ''}
        hint={
          stored === null
            ? `No ${noun} is stored yet.`
            : `The ${noun} is ${stored}. Leave this blank to keep it; type a new one to replace it.`
        }
        autoComplete="new-password"
        maxLength={GATEWAY_SECRET_MAX}
        error={problemText(name, problems[name])}
        disabled={disabled}
        onChange={(event) => change(name, event.target.value)}
        data-testid={`payment-${name}`}
      />
    );
  };

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      <Card aria-labelledby="sandbox-title" className="stack">
        <h2 id="sandbox-title" className="card__title">
          Sandbox gateway
        </h2>
        <Switch
          name="sandboxEnabled"
          label="Offer the sandbox gateway"
          hint="A pretend checkout that always succeeds: students get attempts without paying."
          checked={draft.sandboxEnabled}
          disabled={disabled}
          onCheckedChange={(checked) => change('sandboxEnabled', checked)}
          data-testid="payment-sandboxEnabled"
        />
        {draft.sandboxEnabled ? (
          <Alert tone="warning">
            Use the sandbox for development and demos only, never on the live site.
          </Alert>
        ) : null}
      </Card>

      <Card aria-labelledby="jazzcash-title" className="stack">
        <h2 id="jazzcash-title" className="card__title">
          JazzCash
        </h2>
        <div className="pay-fields">
          <div className="pay-fields__wide">
            <Switch
              name="jazzcashEnabled"
              label="Offer JazzCash at checkout"
              hint="Needs the merchant ID, password and integrity salt from your JazzCash merchant portal."
              checked={draft.jazzcashEnabled}
              disabled={disabled}
              onCheckedChange={(checked) => change('jazzcashEnabled', checked)}
              data-testid="payment-jazzcashEnabled"
            />
          </div>
          <TextField {...text('merchantId')} maxLength={MERCHANT_ID_MAX} placeholder="MC12345" />
          <TextField
            {...text('baseUrl')}
            type="url"
            inputMode="url"
            maxLength={300}
            hint={`Testing: ${JAZZCASH_SANDBOX_URL}. Live payments: ${JAZZCASH_PRODUCTION_URL}.`}
          />
          {secret('password', settings.jazzcash.passwordHint)}
          {secret('integritySalt', settings.jazzcash.saltHint)}
        </div>
      </Card>

      {otherProblems.length > 0 ? (
        <Alert tone="error">
          {otherProblems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <div className="pay-actions">
          <Button type="submit" disabled={save.isPending} data-testid="payment-save">
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          {dirty ? <span className="muted">You have unsaved changes.</span> : null}
          {!dirty && settings.updatedAt !== null ? (
            <span className="muted">Last saved {dateTime.format(new Date(settings.updatedAt))}.</span>
          ) : null}
        </div>
      )}
    </form>
  );
}
