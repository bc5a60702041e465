/** A problem with one field: 'is required', or a whole sentence from the server. Keyed by field name. */
export type FieldProblems<F extends string> = Partial<Record<F, string>>;

/** The shape of a zod issue that matters here (no zod import: this module is used by light pages too). */
export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first problem of each field, in the order the validator reported them. */
export function problemsByField<F extends string>(
  issues: readonly ValidationIssue[],
  fields: readonly F[],
): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined && problems[field] === undefined) {
      problems[field] = issue.message;
    }
  }
  return problems;
}

/** Server problems for the form's fields, and the rest (a field the form does not show) apart. */
export function splitServerProblems<F extends string>(
  fieldErrors: Readonly<Record<string, string>>,
  fields: readonly F[],
): { problems: FieldProblems<F>; other: string[] } {
  const problems: FieldProblems<F> = {};
  const other: string[] = [];
  for (const [name, problem] of Object.entries(fieldErrors)) {
    const field = fields.find((candidate) => candidate === name);
    if (field === undefined) {
      other.push(problem);
    } else {
      problems[field] = problem;
    }
  }
  return { problems, other };
}

/** 'Full name' + 'is required' → 'Full name is required'; a problem that is already a sentence stays as it is. */
export function fieldMessage(subject: string, problem: string): string {
  return /^[A-Z]/.test(problem) ? problem : `${subject} ${problem}`;
}

export function firstInvalidField<F extends string>(
  order: readonly F[],
  problems: FieldProblems<F>,
): F | null {
  return order.find((field) => problems[field] !== undefined) ?? null;
}

/**
 * Focuses a field by its name (the first radio of a group), or an element marked data-field (a widget
 * that is no input); inputs scroll clear of the sticky header via CSS.
 */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const escaped = CSS.escape(name);
  form?.querySelector<HTMLElement>(`[name="${escaped}"], [data-field="${escaped}"]`)?.focus();
}
