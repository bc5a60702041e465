import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLoadedFlags } from '../../../shared/flags/use-loaded-flags';
import { HttpError } from '../../../shared/http/http-error';
import { useT } from '../../../shared/i18n';
import { RecaptchaWidget } from '../../../shared/recaptcha/recaptcha-widget';
import { SubmitButton } from '../../../shared/ui/button';
import { EmailField, TextAreaField, TextField } from '../../../shared/ui/field';
import { recaptchaTexts } from '../../../shared/ui/student-texts';
import { Alert, Card } from '../../../shared/ui/surface';
import { fetchRecaptchaSiteKey, sendContactMessage, sitePageKeys } from '../site-pages-api';

const MESSAGE_MAX = 4000;

/** The public contact form: the message goes to the organisers through the mail queue. */
export function ContactForm() {
  const t = useT();
  const { flags } = useLoadedFlags();
  const [draft, setDraft] = useState({ name: '', email: '', message: '' });
  const [token, setToken] = useState<string | null>(null);
  const [resets, setResets] = useState(0);
  const siteKeyQuery = useQuery({
    queryKey: sitePageKeys.contactConfig,
    queryFn: ({ signal }) => fetchRecaptchaSiteKey(signal),
    enabled: flags.isRecaptchaEnabled,
  });
  const siteKey = flags.isRecaptchaEnabled ? (siteKeyQuery.data ?? null) : null;
  const send = useMutation({
    mutationFn: sendContactMessage,
    onError: () => setResets((count) => count + 1),
  });
  const problems = send.error instanceof HttpError ? send.error.fieldErrors : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate({ ...draft, ...(token === null ? {} : { recaptchaToken: token }) });
  };
  /** What each field of the form shares: its name, value, server problem, change and test id. */
  const field = (name: keyof typeof draft) => ({
    name,
    required: true,
    value: draft[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [name]: event.target.value })),
    'data-testid': `contact-${name}`,
  });

  if (send.isSuccess) {
    return (
      <Alert tone="success" data-testid="contact-sent">
        <p>{t('site.contact.sent')}</p>
      </Alert>
    );
  }
  return (
    <Card>
      <form className="stack" onSubmit={onSubmit} noValidate aria-label={t('site.contact.form')}>
        <h2>{t('site.contact.form')}</h2>
        <TextField {...field('name')} label={t('site.contact.name')} maxLength={120} autoComplete="name" />
        <EmailField
          {...field('email')}
          label={t('site.contact.email')}
          maxLength={254}
          autoComplete="email"
        />
        <TextAreaField
          {...field('message')}
          label={t('site.contact.message')}
          className="contact-form__message"
          rows={6}
          maxLength={MESSAGE_MAX}
        />
        {siteKey !== null ? (
          <RecaptchaWidget
            siteKey={siteKey}
            onToken={setToken}
            resetKey={resets}
            error={problems.recaptchaToken ?? null}
            texts={recaptchaTexts(t)}
          />
        ) : null}
        {send.isError ? (
          <Alert tone="error" data-testid="contact-error">
            <p>
              {send.error instanceof HttpError && send.error.status !== 400
                ? send.error.message
                : t('site.contact.failed')}
            </p>
          </Alert>
        ) : null}
        <SubmitButton
          pending={send.isPending}
          pendingLabel={t('site.contact.sending')}
          data-testid="contact-submit"
        >
          {t('site.contact.send')}
        </SubmitButton>
      </form>
    </Card>
  );
}
