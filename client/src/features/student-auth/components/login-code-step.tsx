import { LOGIN_CODE_EXPIRED, LOGIN_CODE_WRONG } from '@riyazi/api/contracts';
import type { StudentSession } from '@riyazi/api/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { focusField } from '../../../shared/forms/form-errors';
import { problemText } from '../../../shared/forms/problem-text';
import { HttpError } from '../../../shared/http/http-error';
import { describeStudentError } from '../../../shared/http/student-error';
import { useT } from '../../../shared/i18n';
import { Button, SubmitButton } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { loginStudentWithCode } from '../api/student-login-api';

interface LoginCodeStepProps {
  email: string;
  password: string;
  /** What the api said when it asked for the code (already in the child's language). */
  notice: string;
  onSignedIn: (session: StudentSession) => Promise<void>;
  /** Back to the password: `problem` says why (a wrong password, or no code live any more). */
  onBack: (problem: unknown) => void;
  /** Logs in with the password again, which sends a new code (at most once a minute). */
  onResend: () => void;
  resending: boolean;
}

/** The second step of a login the api answered LOGIN_CODE_REQUIRED: the code from the e-mail. */
export function LoginCodeStep({
  email,
  password,
  notice,
  onSignedIn,
  onBack,
  onResend,
  resending,
}: LoginCodeStepProps) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: loginStudentWithCode,
    onSuccess: onSignedIn,
    onError: (error) => {
      const wrongCode = error instanceof HttpError && error.code === LOGIN_CODE_WRONG;
      const backToPassword =
        error instanceof HttpError &&
        (error.code === LOGIN_CODE_EXPIRED || (error.status === 401 && error.code === null));
      if (backToPassword) {
        onBack(error);
      } else if (wrongCode) {
        setCode('');
        focusField(formRef.current, 'code');
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setProblem(
        digits === '' ? problemText(t('auth.code.label'), 'is required', t) : t('auth.code.sixDigits'),
      );
      focusField(formRef.current, 'code');
      return;
    }
    setProblem(null);
    send.mutate({ email, password, code: digits });
  };

  const fieldError = problem ?? (send.isError ? describeStudentError(send.error) : null);
  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={send.isPending}>
      <Alert tone="info" data-testid="login-code-notice">
        {notice}
      </Alert>
      <TextField
        label={t('auth.code.label')}
        hint={t('auth.code.hint')}
        name="code"
        dir="ltr"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={code}
        error={fieldError}
        onChange={(event) => setCode(event.target.value)}
        data-testid="login-code"
      />
      {send.isSuccess ? <Alert tone="success">{t('auth.login.done')}</Alert> : null}
      <SubmitButton
        pending={send.isPending}
        pendingLabel={t('auth.login.pending')}
        disabled={send.isPending || send.isSuccess}
        data-testid="login-code-submit"
      >
        {t('common.logIn')}
      </SubmitButton>
      <div className="auth-page__links">
        <Button variant="ghost" small onClick={() => onBack(null)} data-testid="login-code-back">
          {t('auth.code.back')}
        </Button>
        <Button variant="ghost" small onClick={onResend} disabled={resending} data-testid="login-code-resend">
          {t('auth.code.resend')}
        </Button>
      </div>
    </form>
  );
}
