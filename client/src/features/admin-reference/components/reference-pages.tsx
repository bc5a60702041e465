import { useMemo } from 'react';
import { formatDateTime } from '../../../shared/format/date-time';
import { fromLocalInput, LOCAL_INPUT_ZONE_HINT, toLocalInput } from '../../../shared/format/local-input';
import type { Category, Grade, Phase, PhaseStatus, SubCategory } from '../api/reference-api';
import { useCategoryOptions } from '../api/use-reference';
import type { ReferenceConfig } from './reference-config';
import { usePhaseContestActions } from './phase-contest-actions';
import { ReferencePage } from './reference-page';

const required = (value: string) => (value.trim() === '' ? 'This is required.' : undefined);
const withoutEmpty = <E extends Record<string, string | undefined>>(errors: E) =>
  Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as Record<string, string>;

type GradeDraft = { title: string; sortOrder: string; isActive: boolean };

const gradeConfig: ReferenceConfig<Grade, GradeDraft> = {
  endpoint: 'grade',
  module: 'grade',
  title: 'Grades',
  about: 'The grades students sign up for, in the order they are offered.',
  noun: 'Grade',
  plural: 'grades',
  searchPlaceholder: 'Title',
  rowName: (g) => g.title,
  columns: [
    { label: 'Title', render: (g) => g.title },
    { label: 'Order', render: (g) => g.sortOrder },
  ],
  isActive: (g) => g.isActive,
  emptyDraft: () => ({ title: '', sortOrder: '', isActive: true }),
  draftOf: (g) => ({ title: g.title, sortOrder: String(g.sortOrder), isActive: g.isActive }),
  fields: [
    { kind: 'text', key: 'title', label: 'Title', maxLength: 60 },
    { kind: 'number', key: 'sortOrder', label: 'Sort order', hint: 'Lower numbers come first.' },
    { kind: 'switch', key: 'isActive', label: 'Active', hint: 'Inactive grades are not offered at sign-up.' },
  ],
  validate: (d) =>
    withoutEmpty({
      title: required(d.title),
      sortOrder: /^\d{1,4}$/.test(d.sortOrder.trim()) ? undefined : 'Enter a whole number.',
    }),
  toBody: (d) => ({ title: d.title.trim(), sortOrder: Number(d.sortOrder), isActive: d.isActive }),
};

type PhaseDraft = { name: string; number: string; startsAt: string; endsAt: string; status: string };
const STATUS_LABELS: Record<PhaseStatus, string> = {
  UPCOMING: 'Upcoming',
  ACTIVE: 'Active',
  CLOSED: 'Closed',
};

const phaseConfig: ReferenceConfig<Phase, PhaseDraft> = {
  endpoint: 'phase',
  module: 'phase',
  title: 'Phases',
  about: 'The contest rounds, their dates and whether they are upcoming, running or closed.',
  noun: 'Phase',
  plural: 'phases',
  searchPlaceholder: 'Name',
  rowName: (p) => p.name,
  columns: [
    { label: 'Name', render: (p) => p.name },
    { label: 'Number', render: (p) => p.number },
    { label: 'Starts', render: (p) => formatDateTime(p.startsAt) },
    { label: 'Ends', render: (p) => formatDateTime(p.endsAt) },
    {
      label: 'Status',
      render: (p) => (
        <span className={`list-badge list-badge--${p.status.toLowerCase()}`}>{STATUS_LABELS[p.status]}</span>
      ),
    },
  ],
  emptyDraft: () => ({ name: '', number: '', startsAt: '', endsAt: '', status: 'UPCOMING' }),
  draftOf: (p) => ({
    name: p.name,
    number: String(p.number),
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    status: p.status,
  }),
  fields: [
    {
      kind: 'text',
      key: 'name',
      label: 'Name',
      maxLength: 80,
      hint: 'The phase is called this everywhere, e.g. Phase 1 — Qualifier.',
    },
    { kind: 'number', key: 'number', label: 'Number', hint: 'From 1 to 20, one per phase.' },
    { kind: 'datetime', key: 'startsAt', label: 'Starts', hint: LOCAL_INPUT_ZONE_HINT },
    { kind: 'datetime', key: 'endsAt', label: 'Ends', hint: LOCAL_INPUT_ZONE_HINT },
    {
      kind: 'select',
      key: 'status',
      label: 'Status',
      placeholder: 'Choose a status',
      options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
      hint: 'Active opens the contest between its dates. Closed ends it at once: no new starts, results withheld until you release them.',
    },
  ],
  validate: (d) => {
    const n = Number(d.number);
    const starts = fromLocalInput(d.startsAt);
    const ends = fromLocalInput(d.endsAt);
    return withoutEmpty({
      name: required(d.name),
      number: Number.isInteger(n) && n >= 1 && n <= 20 ? undefined : 'Enter a whole number from 1 to 20.',
      startsAt: starts === null ? 'Choose a start.' : undefined,
      endsAt:
        ends === null
          ? 'Choose an end.'
          : starts !== null && ends <= starts
            ? 'The end must be after the start.'
            : undefined,
      status: required(d.status),
    });
  },
  toBody: (d) => ({
    name: d.name.trim(),
    number: Number(d.number),
    startsAt: fromLocalInput(d.startsAt) ?? '',
    endsAt: fromLocalInput(d.endsAt) ?? '',
    status: d.status,
  }),
};

type CategoryDraft = { name: string; isActive: boolean };

const categoryConfig: ReferenceConfig<Category, CategoryDraft> = {
  endpoint: 'category',
  module: 'category',
  title: 'Categories',
  about: 'Topics that questions are filed under.',
  noun: 'Category',
  plural: 'categories',
  searchPlaceholder: 'Name',
  rowName: (c) => c.name,
  columns: [{ label: 'Name', render: (c) => c.name }],
  isActive: (c) => c.isActive,
  emptyDraft: () => ({ name: '', isActive: true }),
  draftOf: (c) => ({ name: c.name, isActive: c.isActive }),
  fields: [
    { kind: 'text', key: 'name', label: 'Name', maxLength: 80 },
    {
      kind: 'switch',
      key: 'isActive',
      label: 'Active',
      hint: 'Inactive categories are not offered for new questions.',
    },
  ],
  validate: (d) => withoutEmpty({ name: required(d.name) }),
  toBody: (d) => ({ name: d.name.trim(), isActive: d.isActive }),
};

type SubCategoryDraft = { name: string; categoryId: string; isActive: boolean };

function subCategoryConfig(categories: Category[]): ReferenceConfig<SubCategory, SubCategoryDraft> {
  return {
    endpoint: 'subCategory',
    module: 'subCategory',
    title: 'Sub categories',
    about: 'Narrower topics, each under one category.',
    noun: 'Sub category',
    plural: 'sub categories',
    searchPlaceholder: 'Name',
    rowName: (s) => s.name,
    columns: [
      { label: 'Name', render: (s) => s.name },
      { label: 'Category', render: (s) => s.category.name },
    ],
    isActive: (s) => s.isActive,
    emptyDraft: () => ({ name: '', categoryId: '', isActive: true }),
    draftOf: (s) => ({ name: s.name, categoryId: s.category._id, isActive: s.isActive }),
    fields: [
      { kind: 'text', key: 'name', label: 'Name', maxLength: 80 },
      {
        kind: 'select',
        key: 'categoryId',
        label: 'Category',
        placeholder: 'Choose a category',
        options: categories.map((c) => ({
          value: c._id,
          label: c.isActive ? c.name : `${c.name} (inactive)`,
        })),
      },
      { kind: 'switch', key: 'isActive', label: 'Active' },
    ],
    validate: (d) =>
      withoutEmpty({
        name: required(d.name),
        categoryId: d.categoryId === '' ? 'Choose a category.' : undefined,
      }),
    toBody: (d) => ({ name: d.name.trim(), categoryId: d.categoryId, isActive: d.isActive }),
  };
}

export const GradesPage = () => <ReferencePage config={gradeConfig} />;
export const CategoriesPage = () => <ReferencePage config={categoryConfig} />;

export function SubCategoriesPage() {
  const categories = useCategoryOptions();
  const config = useMemo(() => subCategoryConfig(categories.data ?? []), [categories.data]);
  return <ReferencePage config={config} />;
}

/** Phases with their contest's lifecycle: a Contest column and the End the contest / Results actions. */
export function PhasesPage() {
  const actions = usePhaseContestActions();
  const config = useMemo(
    (): ReferenceConfig<Phase, PhaseDraft> => ({
      ...phaseConfig,
      columns: [...phaseConfig.columns, { label: 'Contest', render: actions.cell }],
      rowActions: actions.buttons,
    }),
    [actions.cell, actions.buttons],
  );
  return (
    <>
      <ReferencePage config={config} />
      {actions.dialog}
    </>
  );
}
