import { LOGIN_CODE_EXPIRED, type StaffLoginResponse } from '@riyazi/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage, HttpError } from '../../../shared/http/http-error';
import { Button, SubmitButton } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { loginStaffWithCode } from '../api/admin-auth-api';

interface AdminLoginCodeProps {
  email: string;
  password: string;
  /** What the api said when it asked for the code. */
  notice: string;
  onSignedIn: (response: StaffLoginResponse) => Promise<void>;
  /** Back to the password: `problem` says why (a wrong password, or no code live any more). */
  onBack: (problem: unknown) => void;
}

/** The admin sign-in's second step after LOGIN_CODE_REQUIRED: the code e-mailed to the staff address. */
export function AdminLoginCode({ email, password, notice, onSignedIn, onBack }: AdminLoginCodeProps) {
  const [code, setCode] = useState('');
  const send = useMutation({
    mutationFn: loginStaffWithCode,
    onSuccess: onSignedIn,
    onError: (error) => {
      if (
        error instanceof HttpError &&
        (error.code === LOGIN_CODE_EXPIRED || (error.status === 401 && error.code === null))
      ) {
        onBack(error);
      }
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate({ email, password, code: code.replace(/\s+/g, '') });
  };

  return (
    <form className="stack" onSubmit={onSubmit}>
      <Alert tone="info" data-testid="admin-login-code-notice">
        {notice}
      </Alert>
      <TextField
        label="Code from the e-mail"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\s*(\d\s*){6}"
        required
        maxLength={12}
        value={code}
        error={send.isError ? errorMessage(send.error) : null}
        onChange={(event) => setCode(event.target.value)}
        data-testid="admin-login-code"
      />
      <SubmitButton pending={send.isPending} pendingLabel="Signing in…" data-testid="admin-login-code-submit">
        Sign in
      </SubmitButton>
      {send.isSuccess ? <Alert tone="success">Signed in. Opening the back office…</Alert> : null}
      <Button variant="ghost" small onClick={() => onBack(null)}>
        Back
      </Button>
    </form>
  );
}
