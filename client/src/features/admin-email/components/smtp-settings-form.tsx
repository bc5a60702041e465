import { SettingsFormFooter } from '../../../shared/forms/settings-form-footer';
import { useSettingsForm } from '../../../shared/forms/use-settings-form';
import { Switch, TextField } from '../../../shared/ui/field';
import { PasswordField } from '../../../shared/ui/password-field';
import type { SmtpSettings } from '../api/smtp-api';
import { useSaveSmtpSettings } from '../api/use-smtp';
import {
  draftProblems,
  problemText,
  SMTP_FIELDS,
  SMTP_LABELS,
  type SmtpField,
  toDraft,
  toRequestBody,
} from './smtp-draft';

interface SmtpSettingsFormProps {
  settings: SmtpSettings | null;
  readOnly: boolean;
}

export function SmtpSettingsForm({ settings, readOnly }: SmtpSettingsFormProps) {
  const save = useSaveSmtpSettings();
  const { formRef, draft, saved, problems, disabled, change, onSubmit, footer } = useSettingsForm({
    initial: () => toDraft(settings),
    fields: SMTP_FIELDS,
    readOnly,
    save,
    validate: draftProblems,
    toBody: toRequestBody,
  });

  const field = (name: Exclude<SmtpField, 'secure' | 'password'>) => ({
    name,
    label: SMTP_LABELS[name],
    value: draft[name],
    error: problemText(name, problems[name]),
    disabled,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    'data-testid': `smtp-${name}`,
  });

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      <div className="email-fields">
        <TextField
          {...field('host')}
          className="email-fields__host"
          placeholder="smtp.example.com"
          maxLength={253}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <TextField
          {...field('port')}
          className="email-fields__port"
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          step={1}
        />
        <div className="email-fields__switch">
          <Switch
            name="secure"
            label={SMTP_LABELS.secure}
            hint="Use TLS from the start (usually port 465); leave off for STARTTLS on 587"
            checked={draft.secure}
            disabled={disabled}
            onCheckedChange={(checked) => change('secure', checked)}
            data-testid="smtp-secure"
          />
        </div>
        <TextField
          {...field('username')}
          maxLength={254}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="Leave empty if the server needs no sign-in."
        />
        <PasswordField
          name="password"
          label={SMTP_LABELS.password}
          value={draft.password}
          placeholder={settings?.hasPassword ? '•••••••• (unchanged)' : ''}
          hint={
            settings?.hasPassword
              ? 'A password is stored. Leave this empty to keep it.'
              : 'No password is stored.'
          }
          autoComplete="new-password"
          maxLength={512}
          error={problemText('password', problems.password)}
          disabled={disabled}
          onChange={(event) => change('password', event.target.value)}
          data-testid="smtp-password"
        />
        <TextField {...field('fromName')} maxLength={120} hint="The sender name people see, e.g. Riyazi." />
        <TextField
          {...field('fromEmail')}
          maxLength={254}
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="noreply@example.com"
        />
      </div>
      <SettingsFormFooter
        {...footer}
        updatedAt={settings?.updatedAt ?? null}
        testId="smtp-save"
        unsaved={{ message: 'Your changes to the e-mail settings have not been saved.', saved }}
      />
    </form>
  );
}
