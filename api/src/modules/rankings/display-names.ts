import { cleanName } from '../../contracts/person-name.js';
import type { LeaderboardEntry, NameStyle } from '../../contracts/rankings.js';

export interface DisplaySettings {
  nameStyle: NameStyle;
  showSchool: boolean;
  showCity: boolean;
}

/** No settings saved yet: first name and initial, school and city shown. */
export const DEFAULT_DISPLAY: DisplaySettings = {
  nameStyle: 'FIRST_INITIAL',
  showSchool: true,
  showCity: true,
};

export interface PublicStudent {
  fullName: string;
  studentNo: number | string;
  schoolName: string | null;
  city: string | null;
}

/**
 * "Fatima Malik", "Fatima M." or "Student 100009": what a public board may say of a child. A name
 * stored before names were checked loses its hidden characters here too; one left blank is the number.
 */
export function displayName(
  style: NameStyle,
  student: Pick<PublicStudent, 'fullName' | 'studentNo'>,
): string {
  const name = cleanName(student.fullName);
  switch (name === '' ? 'STUDENT_NO' : style) {
    case 'FULL':
      return name;
    case 'FIRST_INITIAL': {
      const words = name.split(' ');
      const first = words[0] ?? '';
      const last = words.length > 1 ? words.at(-1) : undefined;
      // Array.from: the initial is a whole character, not half of a surrogate pair.
      const initial = last ? Array.from(last)[0]?.toLocaleUpperCase() : undefined;
      return initial ? `${first} ${initial}.` : first;
    }
    case 'STUDENT_NO':
      return `Student ${student.studentNo}`;
  }
}

/** A school or city a public page may show: cleaned like a name, null when hidden or blank. */
export const publicText = (value: string | null, show: boolean) =>
  (show && value !== null && cleanName(value)) || null;

export function publicEntry(
  settings: DisplaySettings,
  row: PublicStudent & { rank: number; score: number; totalTimeMs: number },
): LeaderboardEntry {
  return {
    rank: row.rank,
    name: displayName(settings.nameStyle, row),
    school: publicText(row.schoolName, settings.showSchool),
    city: publicText(row.city, settings.showCity),
    score: Number(row.score),
    timeMs: row.totalTimeMs,
  };
}
