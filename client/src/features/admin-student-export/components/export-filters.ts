import { STUDENT_FILTER_LABELS, STUDENT_YES_NO_FILTERS, type StudentFilterKey } from '@riyazi/api/contracts';
import { GENDER_LABELS, type Gender } from '@riyazi/api/contracts/accounts';

/** Offered grades' titles by id; null while they load. */
type GradeTitles = ReadonlyMap<string, string> | null;

const isFilterKey = (key: string): key is StudentFilterKey => Object.hasOwn(STUDENT_FILTER_LABELS, key);
const YES_NO = new Set<string>(STUDENT_YES_NO_FILTERS);
const isGender = (value: string): value is Gender => Object.hasOwn(GENDER_LABELS, value);

function valueText(key: StudentFilterKey, value: string, gradeTitles: GradeTitles): string {
  if (YES_NO.has(key)) {
    return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
  }
  switch (key) {
    case 'grade':
      return gradeTitles === null ? '…' : (gradeTitles.get(value) ?? 'a grade no longer offered');
    case 'gender':
      return isGender(value) ? GENDER_LABELS[value] : value;
    case 'phase1Toppers':
    case 'phase2Toppers':
      return `Top ${value}`;
    default:
      return value;
  }
}

/** An export's filters in words: "Grade: Grade 4, Registered through bulk upload: Yes". */
export function describeExportFilters(filters: Record<string, string>, gradeTitles: GradeTitles): string {
  const parts = Object.entries(filters).map(([key, value]) =>
    isFilterKey(key)
      ? `${STUDENT_FILTER_LABELS[key]}: ${valueText(key, value, gradeTitles)}`
      : `${key}: ${value}`,
  );
  return parts.length === 0 ? 'All students' : parts.join(', ');
}
