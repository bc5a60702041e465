export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
const ONLOAD_CALLBACK = 'riyaziRecaptchaLoaded';
const LOAD_TIMEOUT_MS = 20_000;

export interface RecaptchaRenderParams {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

export interface Grecaptcha {
  render(container: HTMLElement, params: RecaptchaRenderParams): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    riyaziRecaptchaLoaded?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Adds Google's reCAPTCHA script once, only for a form that needs it. A failure can be retried. */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error('The reCAPTCHA script could not be loaded'));
    };
    const timer = window.setTimeout(fail, LOAD_TIMEOUT_MS);
    window[ONLOAD_CALLBACK] = () => {
      window.clearTimeout(timer);
      if (window.grecaptcha === undefined) {
        fail();
      } else {
        resolve(window.grecaptcha);
      }
    };
    script.src = `${RECAPTCHA_SCRIPT_URL}?onload=${ONLOAD_CALLBACK}&render=explicit&hl=en`;
    script.async = true;
    script.onerror = fail;
    document.head.append(script);
  });
  return loading;
}
