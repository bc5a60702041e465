import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { loadFlagsIntoStore } from '../../../shared/flags/load-flags';
import {
  type FieldProblems,
  firstInvalidField,
  focusField,
  splitServerProblems,
} from '../../../shared/forms/form-errors';
import { HttpError } from '../../../shared/http/http-error';
import { describeStudentError } from '../../../shared/http/student-error';
import { useLanguage, useT } from '../../../shared/i18n';
import { RecaptchaWidget } from '../../../shared/recaptcha/recaptcha-widget';
import { Button } from '../../../shared/ui/button';
import { CheckboxField } from '../../../shared/ui/choice-fields';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { PasswordField } from '../../../shared/ui/password-field';
import { passwordTexts, recaptchaTexts } from '../../../shared/ui/student-texts';
import { Alert } from '../../../shared/ui/surface';
import { accountKeys, fetchSignupConfig, signupStudent } from '../api/account-api';
import { AccountFields } from './account-fields';
import {
  checkSignup,
  DETAIL_FIELDS,
  type DetailField,
  describeProblem,
  describeServerProblems,
  EMPTY_DETAILS,
  SIGNUP_FIELDS,
  type SignupField,
  type SignupValues,
} from './account-form';

type Problems = FieldProblems<SignupField>;

function SubmitFailure({ error }: { error: unknown }) {
  const t = useT();
  if (!(error instanceof HttpError)) {
    return <>{describeStudentError(error)}</>;
  }
  const { problems, other } = splitServerProblems(error.fieldErrors, SIGNUP_FIELDS);
  if (Object.keys(problems).length > 0) {
    return (
      <>
        {t('account.fixFields')} {other.join(' ')}
      </>
    );
  }
  if (error.status === 409) {
    return (
      <>
        {fillTemplate(t('account.signup.exists'), {
          login: <Link to={paths.login}>{t('common.logIn')}</Link>,
          reset: <Link to={paths.forgotPassword}>{t('account.signup.reset')}</Link>,
        })}
      </>
    );
  }
  return <>{describeStudentError(error)}</>;
}

export function SignupForm({ recaptchaEnabled }: { recaptchaEnabled: boolean }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SignupValues>({ ...EMPTY_DETAILS, password: '', acceptTerms: false });
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [recaptchaToken, setRecaptchaToken] = useState<string | null>(null);
  const [recaptchaResets, setRecaptchaResets] = useState(0);
  // Set by a submit without a ticked box; a box cleared after a failed attempt is not an error yet.
  const [recaptchaAsked, setRecaptchaAsked] = useState(false);

  const config = useQuery({
    queryKey: accountKeys.signupConfig,
    queryFn: ({ signal }) => fetchSignupConfig(signal),
    enabled: recaptchaEnabled,
  });
  const siteKey = recaptchaEnabled ? (config.data?.recaptchaSiteKey ?? null) : null;

  // Worded in the child's language: worded again when it changes.
  const clientProblems = useMemo(() => (language ? checkSignup(values).problems : {}), [values, language]);
  const recaptchaMissing = siteKey !== null && recaptchaToken === null;
  const shown = (field: SignupField): string | undefined =>
    serverProblems[field] ?? (submitted || touched[field] ? clientProblems[field] : undefined);

  const signup = useMutation({
    mutationFn: signupStudent,
    onSuccess: async (answer, input) => {
      await navigate(paths.signupSuccess, {
        state: { emailVerificationRequired: answer.emailVerificationRequired, email: input.email },
      });
    },
    onError: (error) => {
      // A reCAPTCHA token is spent by one attempt.
      setRecaptchaResets((count) => count + 1);
      setRecaptchaAsked(false);
      if (!(error instanceof HttpError)) {
        return;
      }
      if (error.status === 403) {
        void loadFlagsIntoStore();
      }
      const described = describeServerProblems(error.fieldErrors, SIGNUP_FIELDS);
      setServerProblems(described);
      const first = firstInvalidField(SIGNUP_FIELDS, described);
      if (first !== null) {
        focusField(formRef.current, first);
      }
    },
  });

  const change = useCallback((field: SignupField, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblems((current) => ({ ...current, [field]: undefined }));
  }, []);
  const blur = (field: SignupField) => setTouched((current) => ({ ...current, [field]: true }));
  const onToken = useCallback((token: string | null) => {
    setRecaptchaToken(token);
    if (token !== null) {
      setServerProblems((current) => ({ ...current, recaptchaToken: undefined }));
    }
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setRecaptchaAsked(recaptchaMissing);
    const check = checkSignup(values);
    const problems: Problems = recaptchaMissing
      ? { ...check.problems, recaptchaToken: describeProblem('recaptchaToken', 'is required') }
      : check.problems;
    const first = firstInvalidField(SIGNUP_FIELDS, problems);
    if (first !== null) {
      focusField(formRef.current, first);
      return;
    }
    if (check.ok) {
      signup.mutate(recaptchaToken === null ? check.data : { ...check.data, recaptchaToken });
    }
  };

  const detailProblems: FieldProblems<DetailField> = {};
  for (const field of DETAIL_FIELDS) {
    detailProblems[field] = shown(field);
  }
  const busy = signup.isPending || signup.isSuccess;
  const recaptchaProblem =
    serverProblems.recaptchaToken ??
    (recaptchaAsked && recaptchaMissing ? describeProblem('recaptchaToken', 'is required') : undefined);

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <AccountFields
        values={values}
        problems={detailProblems}
        onChange={change}
        onBlur={blur}
        testIdPrefix="signup"
        emailHint={t('account.signup.emailHint')}
        afterEmail={
          <PasswordField
            label={t('common.field.password')}
            name="password"
            autoComplete="new-password"
            maxLength={128}
            hint={t('common.passwordRule')}
            texts={passwordTexts(t)}
            value={values.password}
            error={shown('password')}
            onChange={(event) => change('password', event.target.value)}
            onBlur={() => blur('password')}
            data-testid="signup-password"
          />
        }
      />
      <CheckboxField
        name="acceptTerms"
        checked={values.acceptTerms}
        onCheckedChange={(checked) => {
          change('acceptTerms', checked);
          blur('acceptTerms');
        }}
        error={shown('acceptTerms')}
        data-testid="signup-acceptTerms"
        label={fillTemplate(t('account.signup.accept'), {
          terms: (
            <a href={paths.terms} target="_blank" rel="noopener">
              {t('account.signup.terms')}
            </a>
          ),
          privacy: (
            <a href={paths.privacy} target="_blank" rel="noopener">
              {t('account.signup.privacy')}
            </a>
          ),
        })}
      />
      {recaptchaEnabled && config.isError ? (
        <Alert tone="error">
          <p>{t('account.signup.recaptchaFailed')}</p>
          <Button small variant="secondary" onClick={() => void config.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : null}
      {siteKey !== null ? (
        <RecaptchaWidget
          siteKey={siteKey}
          onToken={onToken}
          resetKey={recaptchaResets}
          error={recaptchaProblem}
          texts={recaptchaTexts(t)}
        />
      ) : null}
      {signup.isError ? (
        <Alert tone="error" data-testid="signup-error">
          <SubmitFailure error={signup.error} />
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="accent"
        block
        disabled={busy || (recaptchaEnabled && config.isPending)}
        data-testid="signup-submit"
      >
        {busy ? t('account.signup.pending') : t('account.signup.submit')}
      </Button>
    </form>
  );
}
