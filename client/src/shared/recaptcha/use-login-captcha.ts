import { CAPTCHA_REQUIRED } from '@riyazi/api/contracts';
import { type FormEvent, useCallback, useState } from 'react';
import { HttpError } from '../http/http-error';

export interface LoginCaptcha {
  /** Set once the api asked for the box (too many failed logins from this network); it stays. */
  siteKey: string | null;
  token: string | null;
  /** Changes after each attempt: a ticked box is good for one login only. */
  resetKey: number;
  setToken(token: string | null): void;
  /** Call with every refusal of a login. */
  refused(error: unknown): void;
}

export const isCaptchaRequired = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.code === CAPTCHA_REQUIRED;

/** The reCAPTCHA box of a login form, shown only when the api answers CAPTCHA_REQUIRED. */
export function useLoginCaptcha(): LoginCaptcha {
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const refused = useCallback((error: unknown) => {
    if (isCaptchaRequired(error) && error.recaptchaSiteKey !== null) {
      setSiteKey(error.recaptchaSiteKey);
    }
    setToken(null);
    setResetKey((count) => count + 1);
  }, []);
  return { siteKey, token, resetKey, setToken, refused };
}

/**
 * A login form's submit handlers around `submit(token)`: the form sends with the current token;
 * ticking the box sends at once (the person already pressed the button).
 */
export function captchaSubmitHandlers(
  captcha: LoginCaptcha,
  submit: (recaptchaToken: string | null) => void,
  pending: boolean,
) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(captcha.token);
  };
  const onCaptchaToken = (token: string | null) => {
    captcha.setToken(token);
    if (token !== null && !pending) {
      submit(token);
    }
  };
  return { onSubmit, onCaptchaToken };
}
