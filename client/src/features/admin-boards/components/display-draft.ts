import type { NameStyle } from '@riyazi/api/contracts';
import { formatDateTime } from '../../../shared/format/date-time';
import { pakistanInputDate, toLocalInput } from '../../../shared/format/local-input';
import type { FieldProblems } from '../../../shared/forms/form-errors';
import type { DisplaySettings, DisplaySettingsBody } from '../api/boards-api';

export { toLocalInput };

export const DISPLAY_FIELDS = [
  'nameStyle',
  'showSchool',
  'showCity',
  'announcementTitle',
  'announcementBody',
  'announcementEndsAt',
] as const;
export type DisplayField = (typeof DISPLAY_FIELDS)[number];

export const DISPLAY_LABELS: Record<DisplayField, string> = {
  nameStyle: 'Names on public boards',
  showSchool: 'Show school',
  showCity: 'Show city',
  announcementTitle: 'Title',
  announcementBody: 'Message',
  announcementEndsAt: 'Ends at',
};

export const TITLE_MAX = 120;
export const BODY_MAX = 2000;

/** The student every example is written for (as on the demo data). */
export const EXAMPLE_STUDENT = {
  fullName: 'Fatima Malik',
  studentNo: 100009,
  school: 'Islamabad Model School for Girls',
  city: 'Islamabad',
};

export const NAME_STYLE_OPTIONS: readonly { value: NameStyle; label: string; hint?: string }[] = [
  { value: 'FULL', label: 'Full name' },
  { value: 'FIRST_INITIAL', label: 'First name and initial', hint: 'Recommended: students are minors' },
  { value: 'STUDENT_NO', label: 'Student number' },
];

/** What a public board calls the example student under each style (the api's rule, display-names.ts). */
export const NAME_EXAMPLES: Record<NameStyle, string> = {
  FULL: 'Fatima Malik',
  FIRST_INITIAL: 'Fatima M.',
  STUDENT_NO: 'Student 100009',
};

/** The example student's row on a public board: name, then school and city when they are shown. */
export function exampleRow(draft: Pick<DisplayDraft, 'nameStyle' | 'showSchool' | 'showCity'>): string[] {
  return [
    NAME_EXAMPLES[draft.nameStyle],
    ...(draft.showSchool ? [EXAMPLE_STUDENT.school] : []),
    ...(draft.showCity ? [EXAMPLE_STUDENT.city] : []),
  ];
}

/** The form as typed: the end is the datetime-local text, in Pakistan time. */
export interface DisplayDraft {
  nameStyle: NameStyle;
  showSchool: boolean;
  showCity: boolean;
  announcementTitle: string;
  announcementBody: string;
  announcementEndsAt: string;
}

const isInvalid = (date: Date | null) => date !== null && Number.isNaN(date.getTime());

export function toDraft(settings: DisplaySettings): DisplayDraft {
  return {
    nameStyle: settings.nameStyle,
    showSchool: settings.showSchool,
    showCity: settings.showCity,
    announcementTitle: settings.announcementTitle,
    announcementBody: settings.announcementBody,
    announcementEndsAt: toLocalInput(settings.announcementEndsAt),
  };
}

/** The api's limits, and a title for any message (the home page shows the title as its heading). */
export function draftProblems(draft: DisplayDraft): FieldProblems<DisplayField> {
  const problems: FieldProblems<DisplayField> = {};
  const title = draft.announcementTitle.trim();
  const body = draft.announcementBody.trim();
  if (title.length > TITLE_MAX) {
    problems.announcementTitle = `must be at most ${TITLE_MAX} characters`;
  } else if (title === '' && body !== '') {
    problems.announcementTitle = 'is required when there is a message';
  }
  if (body.length > BODY_MAX) {
    problems.announcementBody = `must be at most ${BODY_MAX} characters`;
  }
  if (isInvalid(pakistanInputDate(draft.announcementEndsAt))) {
    problems.announcementEndsAt = 'must be a date and time (or empty for no end)';
  }
  return problems;
}

export function toRequestBody(draft: DisplayDraft): DisplaySettingsBody {
  return {
    nameStyle: draft.nameStyle,
    showSchool: draft.showSchool,
    showCity: draft.showCity,
    announcementTitle: draft.announcementTitle.trim(),
    announcementBody: draft.announcementBody.trim(),
    announcementEndsAt: pakistanInputDate(draft.announcementEndsAt)?.toISOString() ?? null,
  };
}

export interface AnnouncementPreview {
  showing: boolean;
  text: string;
}

/** Whether the home page shows the drafted announcement at `now`, by the api's rule (publicDisplay). */
export function announcementPreview(draft: DisplayDraft, now: Date): AnnouncementPreview {
  const title = draft.announcementTitle.trim();
  if (title === '' && draft.announcementBody.trim() === '') {
    return { showing: false, text: 'No announcement: the home page shows none.' };
  }
  const endsAt = pakistanInputDate(draft.announcementEndsAt);
  const named = title === '' ? 'The announcement' : `“${title}”`;
  if (endsAt === null) {
    return { showing: true, text: `${named} is showing on the home page, with no end date.` };
  }
  if (isInvalid(endsAt)) {
    return { showing: false, text: 'Check the end date and time.' };
  }
  const when = formatDateTime(endsAt.toISOString());
  return endsAt.getTime() > now.getTime()
    ? { showing: true, text: `${named} is showing on the home page until ${when}.` }
    : { showing: false, text: `${named} is not showing: it ended on ${when}.` };
}
