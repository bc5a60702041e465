import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error';
import { useI18nStore } from '../i18n';
import { en } from '../i18n/messages/en';
import { ur } from '../i18n/messages/ur';
import { playQuizErrorText } from './play-quiz-errors';

afterEach(() => useI18nStore.setState({ language: 'en', messages: en }));

describe('playQuizErrorText', () => {
  it('says plainly that the phone could not reach Riyazi, in the child’s language', () => {
    const lost = new HttpError(0, 'Network Error');
    expect(playQuizErrorText(lost)).toBe(en['common.network']);
    useI18nStore.setState({ language: 'ur', messages: ur });
    expect(playQuizErrorText(lost)).toBe(ur['common.network']);
  });

  it('shows the server’s own message as it is', () => {
    expect(playQuizErrorText(new HttpError(409, 'Conflict', 'This quiz is already over.'))).toBe(
      'This quiz is already over.',
    );
  });

  it('falls back on the catalogue’s general error', () => {
    useI18nStore.setState({ language: 'ur', messages: ur });
    expect(playQuizErrorText(new HttpError(500, 'Internal Server Error'))).toBe(ur['common.error']);
    expect(playQuizErrorText(new Error('boom'))).toBe(ur['common.error']);
  });
});
