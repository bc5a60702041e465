import {
  PHASE1_TOPPER_CUTS,
  PHASE2_TOPPER_CUTS,
  STUDENT_FILTER_LABELS,
  STUDENT_YES_NO_FILTERS,
  type StudentFilterKey,
  type StudentFilterValues,
} from '@riyazi/api/contracts';
import { GENDER_LABELS, GENDERS, PAKISTAN_CITIES, REFERRAL_SOURCES } from '@riyazi/api/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { type FilterOption, FilterSelect } from '../../../shared/ui/filter-select';

const YES_NO: FilterOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const labelled = (keys: readonly StudentFilterKey[]) =>
  keys.map((key) => ({ key, label: STUDENT_FILTER_LABELS[key] }));

// All "contains" searches: a part of an address ("ali") is a valid e-mail filter, so it is plain text.
const TEXT_FILTERS = labelled(['fullName', 'fatherName', 'email', 'schoolName', 'shortDescription']);

const NUMBER_FILTERS = labelled(['studentId', 'contestAttemptsRemaining', 'phase1Rank', 'phase2Rank']);

const BOOLEAN_FILTERS = labelled(STUDENT_YES_NO_FILTERS);

const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

interface StudentFiltersPanelProps {
  /** Open or closed: the page keeps it, so applying or clearing filters leaves it as it was. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: StudentFilterValues;
  grades: { _id: string; title: string }[];
  onApply: (filters: StudentFilterValues) => void;
  onClear: () => void;
}

/**
 * Every spec §3 filter. Typing changes a draft; Apply puts it in the URL (one request, not one per
 * key stroke). Mount it with a key of the URL's filters so it starts from them.
 */
export function StudentFiltersPanel({
  open,
  onOpenChange,
  filters,
  grades,
  onApply,
  onClear,
}: StudentFiltersPanelProps) {
  const [draft, setDraft] = useState<StudentFilterValues>(filters);
  const active = Object.keys(filters).length;
  const field = (key: StudentFilterKey) => ({
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
    'data-testid': `students-filter-${key}`,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <details className="st-filters" open={open} onToggle={(event) => onOpenChange(event.currentTarget.open)}>
      <summary>
        Filters{active > 0 ? <span className="st-filters__count"> ({active} active)</span> : null}
      </summary>
      {/* noValidate: the server checks filters; the browser must not refuse what it accepts. */}
      <form className="st-filters__form" onSubmit={onSubmit} noValidate aria-label="Student filters">
        <div className="st-filters__grid">
          {NUMBER_FILTERS.slice(0, 1).map(({ key, label }) => (
            <TextField key={key} label={label} type="number" min={1} inputMode="numeric" {...field(key)} />
          ))}
          {TEXT_FILTERS.map(({ key, label }) => (
            <TextField key={key} label={label} type="text" maxLength={120} {...field(key)} />
          ))}
          {/* Digits, spaces and dashes ("0300-123") as the server accepts; a number pad on phones. */}
          <TextField
            label={STUDENT_FILTER_LABELS.phone}
            type="text"
            inputMode="numeric"
            maxLength={15}
            {...field('phone')}
          />
          <FilterSelect
            label={STUDENT_FILTER_LABELS.grade}
            allLabel="All grades"
            options={grades.map((g) => ({ value: g._id, label: g.title }))}
            {...field('grade')}
          />
          <FilterSelect
            label={STUDENT_FILTER_LABELS.gender}
            allLabel="Any gender"
            options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
            {...field('gender')}
          />
          <FilterSelect
            label={STUDENT_FILTER_LABELS.city}
            allLabel="Any city"
            options={optionsOf(PAKISTAN_CITIES)}
            {...field('city')}
          />
          <FilterSelect
            label={STUDENT_FILTER_LABELS.referralSource}
            allLabel="Any source"
            options={optionsOf(REFERRAL_SOURCES)}
            {...field('referralSource')}
          />
          {BOOLEAN_FILTERS.map(({ key, label }) => (
            <FilterSelect key={key} label={label} allLabel="Any" options={YES_NO} {...field(key)} />
          ))}
          <FilterSelect
            label={STUDENT_FILTER_LABELS.phase1Toppers}
            allLabel="All"
            options={PHASE1_TOPPER_CUTS.map((n) => ({ value: String(n), label: `Top ${n}` }))}
            {...field('phase1Toppers')}
          />
          <FilterSelect
            label={STUDENT_FILTER_LABELS.phase2Toppers}
            allLabel="All"
            options={PHASE2_TOPPER_CUTS.map((n) => ({ value: String(n), label: `Top ${n}` }))}
            {...field('phase2Toppers')}
          />
          {NUMBER_FILTERS.slice(1).map(({ key, label }) => (
            <TextField key={key} label={label} type="number" min={0} inputMode="numeric" {...field(key)} />
          ))}
          <TextField label={STUDENT_FILTER_LABELS.signedUpFrom} type="date" {...field('signedUpFrom')} />
          <TextField
            label={STUDENT_FILTER_LABELS.signedUpTo}
            type="date"
            min={draft.signedUpFrom}
            {...field('signedUpTo')}
          />
        </div>
        <div className="row st-filters__actions">
          <Button type="submit" data-testid="students-filter-apply">
            Apply filters
          </Button>
          <Button
            variant="secondary"
            disabled={active === 0}
            onClick={() => {
              setDraft({});
              onClear();
            }}
            data-testid="students-filter-clear"
          >
            Clear
          </Button>
        </div>
      </form>
    </details>
  );
}
