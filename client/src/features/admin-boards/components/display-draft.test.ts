import { NAME_STYLES } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { displayName } from '../../../../../api/src/modules/rankings/display-names';
import {
  announcementPreview,
  type DisplayDraft,
  draftProblems,
  EXAMPLE_STUDENT,
  exampleRow,
  NAME_EXAMPLES,
  toLocalInput,
  toRequestBody,
} from './display-draft';

const draft = (overrides: Partial<DisplayDraft> = {}): DisplayDraft => ({
  nameStyle: 'FIRST_INITIAL',
  showSchool: true,
  showCity: true,
  announcementTitle: 'Phase 2 opens',
  announcementBody: 'Sign in to take your contest quiz.',
  announcementEndsAt: '',
  ...overrides,
});

describe('name examples', () => {
  it('match what the api writes on public boards for every style', () => {
    for (const style of NAME_STYLES) {
      expect(NAME_EXAMPLES[style]).toBe(displayName(style, EXAMPLE_STUDENT));
    }
  });

  it('show school and city only when they are switched on', () => {
    expect(exampleRow(draft())).toEqual(['Fatima M.', 'Islamabad Model School for Girls', 'Islamabad']);
    expect(exampleRow(draft({ nameStyle: 'STUDENT_NO', showSchool: false }))).toEqual([
      'Student 100009',
      'Islamabad',
    ]);
    expect(exampleRow(draft({ nameStyle: 'FULL', showSchool: false, showCity: false }))).toEqual([
      'Fatima Malik',
    ]);
  });
});

describe('draftProblems', () => {
  it('accepts a full announcement, and none at all', () => {
    expect(draftProblems(draft({ announcementEndsAt: '2026-03-10T18:30' }))).toEqual({});
    expect(draftProblems(draft({ announcementTitle: '', announcementBody: '' }))).toEqual({});
  });

  it('asks for a title when there is a message, and a real end date', () => {
    expect(draftProblems(draft({ announcementTitle: ' ', announcementEndsAt: '2026-02-31T10:00' }))).toEqual({
      announcementTitle: 'is required when there is a message',
      announcementEndsAt: 'must be a date and time (or empty for no end)',
    });
  });

  it('holds the api length limits', () => {
    expect(draftProblems(draft({ announcementBody: 'x'.repeat(2001) })).announcementBody).toBe(
      'must be at most 2000 characters',
    );
  });
});

describe('toRequestBody', () => {
  it('trims the text and sends the end (typed in Pakistan time) as an ISO instant, or null', () => {
    const body = toRequestBody(draft({ announcementTitle: ' Hi ', announcementEndsAt: '2026-03-10T18:30' }));
    expect(body.announcementTitle).toBe('Hi');
    expect(body.announcementEndsAt).toBe('2026-03-10T13:30:00.000Z');
    expect(toRequestBody(draft()).announcementEndsAt).toBeNull();
  });
});

describe('announcementPreview', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const local = (iso: string) => toLocalInput(iso);

  it('shows an announcement until its end, in Pakistan time', () => {
    expect(announcementPreview(draft({ announcementEndsAt: local('2026-03-11T12:00:00Z') }), now)).toEqual({
      showing: true,
      text: '“Phase 2 opens” is showing on the home page until 11 Mar 2026, 17:00 PKT.',
    });
  });

  it('hides one that has ended, and says when', () => {
    expect(announcementPreview(draft({ announcementEndsAt: local('2026-03-09T12:00:00Z') }), now)).toEqual({
      showing: false,
      text: '“Phase 2 opens” is not showing: it ended on 9 Mar 2026, 17:00 PKT.',
    });
  });

  it('shows one without an end date, and nothing when it is empty', () => {
    expect(announcementPreview(draft(), now).showing).toBe(true);
    expect(announcementPreview(draft({ announcementTitle: '', announcementBody: ' ' }), now)).toEqual({
      showing: false,
      text: 'No announcement: the home page shows none.',
    });
  });
});
