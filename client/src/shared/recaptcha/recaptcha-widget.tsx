import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Alert } from '../ui/surface';
import { loadRecaptcha } from './recaptcha-script';
import type { LoginCaptcha } from './use-login-captcha';
import './recaptcha.css';

/** The widget's own sentences; English unless a student page passes its language's. */
export interface RecaptchaTexts {
  label: string;
  loading: string;
  failed: string;
  tryAgain: string;
}

const ENGLISH_TEXTS: RecaptchaTexts = {
  label: 'Security check',
  loading: 'Loading the security check…',
  failed:
    'The security check (Google reCAPTCHA) could not load, so the form cannot be sent yet. Check your internet connection, then try again.',
  tryAgain: 'Try again',
};

interface RecaptchaWidgetProps {
  siteKey: string;
  /** The token after the box is ticked; null when it expires or fails. */
  onToken: (token: string | null) => void;
  /** Changing it clears the box: a token is good for one attempt only. */
  resetKey: number;
  error?: string | null;
  texts?: RecaptchaTexts;
}

type LoadState = 'loading' | 'ready' | 'failed';

/** Google's 'I'm not a robot' checkbox (reCAPTCHA v2). */
export function RecaptchaWidget({
  siteKey,
  onToken,
  resetKey,
  error,
  texts = ENGLISH_TEXTS,
}: RecaptchaWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: { reset(id?: number): void }; id: number } | null>(null);
  const tokenHandler = useRef(onToken);
  const [state, setState] = useState<LoadState>('loading');
  const loading = state === 'loading';

  useEffect(() => {
    tokenHandler.current = onToken;
  }, [onToken]);

  useEffect(() => {
    if (!loading) {
      return;
    }
    let current = true;
    loadRecaptcha().then(
      (api) => {
        const element = container.current;
        if (!current || element === null || widget.current !== null) {
          return;
        }
        const id = api.render(element, {
          sitekey: siteKey,
          callback: (token) => tokenHandler.current(token),
          'expired-callback': () => tokenHandler.current(null),
          'error-callback': () => tokenHandler.current(null),
        });
        widget.current = { api, id };
        setState('ready');
      },
      () => {
        if (current) {
          setState('failed');
        }
      },
    );
    return () => {
      current = false;
    };
  }, [siteKey, loading]);

  useEffect(() => {
    if (resetKey > 0 && widget.current !== null) {
      widget.current.api.reset(widget.current.id);
      tokenHandler.current(null);
    }
  }, [resetKey]);

  return (
    <div className="field recaptcha" data-field="recaptchaToken" tabIndex={-1}>
      <span className="field__label">{texts.label}</span>
      <div ref={container} className="recaptcha__widget" />
      {state === 'loading' ? <p className="field__hint">{texts.loading}</p> : null}
      {state === 'failed' ? (
        <Alert tone="error" data-testid="recaptcha-failed">
          <p>{texts.failed}</p>
          <Button small variant="secondary" onClick={() => setState('loading')}>
            {texts.tryAgain}
          </Button>
        </Alert>
      ) : null}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

interface LoginCaptchaBoxProps {
  captcha: LoginCaptcha;
  onToken: (token: string | null) => void;
  error?: string | null;
  texts?: RecaptchaTexts;
}

/** A login form's box, shown once the api has asked for it (see useLoginCaptcha). */
export function LoginCaptchaBox({ captcha, onToken, error, texts }: LoginCaptchaBoxProps) {
  return captcha.siteKey !== null ? (
    <RecaptchaWidget
      siteKey={captcha.siteKey}
      onToken={onToken}
      resetKey={captcha.resetKey}
      error={error}
      texts={texts}
    />
  ) : null;
}
