import { PASSWORD_RULE_TEXT } from '@riyazi/api/contracts/accounts';
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
import { describeError, HttpError } from '../../../shared/http/http-error';
import { RecaptchaWidget } from '../../../shared/recaptcha/recaptcha-widget';
import { Button } from '../../../shared/ui/button';
import { CheckboxField } from '../../../shared/ui/choice-fields';
import { PasswordField } from '../../../shared/ui/password-field';
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
  if (!(error instanceof HttpError)) {
    return <>{describeError(error)}</>;
  }
  const { problems, other } = splitServerProblems(error.fieldErrors, SIGNUP_FIELDS);
  if (Object.keys(problems).length > 0) {
    return <>Some details need fixing: see the messages next to the fields. {other.join(' ')}</>;
  }
  if (error.status === 409) {
    return (
      <>
        {error.message} <Link to={paths.login}>Log in</Link> or{' '}
        <Link to={paths.forgotPassword}>reset your password</Link>.
      </>
    );
  }
  return <>{describeError(error)}</>;
}

export function SignupForm({ recaptchaEnabled }: { recaptchaEnabled: boolean }) {
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

  const clientProblems = useMemo(() => checkSignup(values).problems, [values]);
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
        emailHint="We send important contest news here. A parent’s e-mail is fine."
        afterEmail={
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            maxLength={128}
            hint={PASSWORD_RULE_TEXT}
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
        label={
          <>
            I accept the{' '}
            <a href={paths.terms} target="_blank" rel="noopener">
              terms and conditions
            </a>{' '}
            and the{' '}
            <a href={paths.privacy} target="_blank" rel="noopener">
              privacy policy
            </a>
            .
          </>
        }
      />
      {recaptchaEnabled && config.isError ? (
        <Alert tone="error">
          <p>The security check could not be prepared. Check your internet connection and try again.</p>
          <Button small variant="secondary" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {siteKey !== null ? (
        <RecaptchaWidget
          siteKey={siteKey}
          onToken={onToken}
          resetKey={recaptchaResets}
          error={recaptchaProblem}
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
        {busy ? 'Creating your account…' : 'Create my account'}
      </Button>
    </form>
  );
}
