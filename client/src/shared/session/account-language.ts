import { studentHttp } from '../http/clients';
import { onLanguageChosen } from '../i18n/i18n-store';
import type { Language } from '../i18n/languages';
import { sessionActions, useSessionStore } from './session-store';

async function saveAccountLanguage(language: Language): Promise<void> {
  await studentHttp.put<void>('/student/language', { language });
  sessionActions.setStudentLanguage(language);
}

/**
 * A language the signed-in child picks is saved on the account, so their other devices open in it.
 * Returns the unsubscribe function.
 */
export function syncAccountLanguage(): () => void {
  return onLanguageChosen((language) => {
    const student = useSessionStore.getState().studentAuth;
    if (student !== null && student.language !== language) {
      saveAccountLanguage(language).catch((error: unknown) => {
        console.warn('Could not save the language on the account', error);
      });
    }
  });
}
