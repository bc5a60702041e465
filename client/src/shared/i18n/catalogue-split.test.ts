import { describe, expect, it, vi } from 'vitest';
import { en } from './messages/en';
import { enCore } from './messages/en-core';
import { enStudent } from './messages/en-student';

vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
vi.stubGlobal('navigator', { languages: ['en-GB'] });

describe('the English catalogue in two parts', () => {
  it('splits every key once: the entry part and the student pages part', () => {
    const core = Object.keys(enCore);
    const student = Object.keys(enStudent);
    expect(core.filter((key) => student.includes(key))).toEqual([]);
    expect([...core, ...student].sort()).toEqual(Object.keys(en).sort());
    for (const key of student) {
      expect(key).toMatch(/^(auth|account|dashboard|payment|quiz)\./);
    }
  });

  it('holds the entry part first and every key once a student page is asked for', async () => {
    const { loadStudentMessages, translate, useI18nStore } = await import('./i18n-store');
    expect(Object.keys(useI18nStore.getState().messages).sort()).toEqual(Object.keys(enCore).sort());
    await loadStudentMessages();
    const messages = useI18nStore.getState().messages;
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(messages[key], key).toBe(en[key]);
    }
    expect(translate('dashboard.grade')).toBe('Grade');
  });
});
