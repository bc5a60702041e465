import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Alert } from '../ui/surface';
import { loadRecaptcha } from './recaptcha-script';
import './recaptcha.css';

interface RecaptchaWidgetProps {
  siteKey: string;
  /** The token after the box is ticked; null when it expires or fails. */
  onToken: (token: string | null) => void;
  /** Changing it clears the box: a token is good for one attempt only. */
  resetKey: number;
  error?: string | null;
}

type LoadState = 'loading' | 'ready' | 'failed';

/** Google's 'I'm not a robot' checkbox (reCAPTCHA v2). */
export function RecaptchaWidget({ siteKey, onToken, resetKey, error }: RecaptchaWidgetProps) {
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
      <span className="field__label">Security check</span>
      <div ref={container} className="recaptcha__widget" />
      {state === 'loading' ? <p className="field__hint">Loading the security check…</p> : null}
      {state === 'failed' ? (
        <Alert tone="error" data-testid="recaptcha-failed">
          <p>
            The security check (Google reCAPTCHA) could not load, so the form cannot be sent yet. Check your
            internet connection, then try again.
          </p>
          <Button small variant="secondary" onClick={() => setState('loading')}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
