import { env } from '../../config/env';
import { adminHttp } from '../http/clients';
import { detailsFromBody, HttpError, messageFromBody } from '../http/http-error';
import { useSessionStore } from '../session/session-store';

/** 0–1 while the file is sent; 1 once the server is reading it. */
export type OnProgress = (fraction: number) => void;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function postWithProgress(path: string, file: File, token: string | null, onProgress: OnProgress) {
  return new Promise<{ status: number; statusText: string; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBase}/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) {
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(event.loaded / event.total);
      }
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new HttpError(0, 'Network Error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Posts one file (form field `file`) as the signed-in staff member, reporting upload progress. */
export async function sendFile<T>(path: string, file: File, onProgress: OnProgress): Promise<T> {
  const token = useSessionStore.getState().adminAuth?.accessToken ?? null;
  const response = await postWithProgress(path, file, token, onProgress);
  if (response.status === 401) {
    // An expired token: the shared client refreshes it (one queue for the whole app) and sends again.
    const form = new FormData();
    form.append('file', file);
    return adminHttp.post<T>(path, form);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError(
      response.status,
      response.statusText,
      messageFromBody(response.body),
      detailsFromBody(response.body),
    );
  }
  return response.body as T;
}
