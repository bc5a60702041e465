import type { ComponentProps } from 'react';
import { SelectField } from './field';

export interface FilterOption {
  value: string;
  label: string;
}

type FilterSelectProps = Omit<ComponentProps<typeof SelectField>, 'children'> & {
  /** The first option, the empty value (no filter): "All grades", "Any status"… */
  allLabel: string;
  options: readonly FilterOption[];
};

/** A list filter: "All …" first, then one option per choice. */
export function FilterSelect({ allLabel, options, ...field }: FilterSelectProps) {
  return (
    <SelectField {...field}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
