import { useId } from 'react';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import { TitledCard } from '../../../shared/ui/titled-card';
import { QUESTION_TAGS } from '../api/questions-api';
import type { useQuestionOptions } from '../api/use-questions';
import type { FormField, QuestionDraft } from './question-form-model';
import type { QuestionSectionProps } from './question-form-section';
import { TAG_LABELS } from './question-query';

interface PlacementProps extends QuestionSectionProps {
  options: ReturnType<typeof useQuestionOptions>;
}

/** Where a question belongs: grade, category, sub category, quiz kind, phases and status. */
export function QuestionPlacementCard({ draft, problems, update, options }: PlacementProps) {
  const subCategories = options.subCategories;
  return (
    <TitledCard id="q-where" title="Where it belongs">
      <div className="q-form__grid">
        <div data-field="gradeId">
          <SelectField
            label="Grade"
            value={draft.gradeId}
            error={problems.gradeId}
            onChange={(event) => update({ gradeId: event.target.value }, ['gradeId'])}
            data-testid="q-grade"
          >
            <ReferenceOptions
              placeholder="Choose a grade"
              items={options.grades}
              label={(grade) => grade.title}
            />
          </SelectField>
        </div>
        <div data-field="categoryId">
          <SelectField
            label="Category"
            value={draft.categoryId}
            error={problems.categoryId}
            onChange={(event) =>
              update({ categoryId: event.target.value, subCategoryId: '' }, ['categoryId', 'subCategoryId'])
            }
            data-testid="q-category"
          >
            <ReferenceOptions
              placeholder="Choose a category"
              items={options.categories}
              label={(category) => category.name}
            />
          </SelectField>
        </div>
        <div data-field="subCategoryId">
          <SelectField
            label="Sub category"
            value={draft.subCategoryId}
            error={problems.subCategoryId}
            disabled={draft.categoryId === ''}
            hint={draft.categoryId === '' ? 'Choose a category first' : undefined}
            onChange={(event) => update({ subCategoryId: event.target.value }, ['subCategoryId'])}
            data-testid="q-subcategory"
          >
            <ReferenceOptions
              placeholder="Choose a sub category"
              items={subCategories}
              label={(sub) => sub.name}
            />
          </SelectField>
        </div>
        <div data-field="tags">
          <SelectField
            label="Used in"
            value={draft.tags}
            error={problems.tags}
            onChange={(event) => update({ tags: event.target.value as QuestionDraft['tags'] }, ['tags'])}
            data-testid="q-tags"
          >
            <option value="">Choose</option>
            {QUESTION_TAGS.map((tag) => (
              <option key={tag} value={tag}>
                {TAG_LABELS[tag]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <CheckboxGroup
        legend="Phases"
        field="phaseIds"
        error={problems.phaseIds}
        options={options.phases.map((phase) => ({ value: phase._id, label: phase.name }))}
        selected={draft.phaseIds}
        onChange={(phaseIds) => update({ phaseIds }, ['phaseIds'])}
        testId="q-phases"
      />
      <div className="q-form__grid">
        <RadioGroupField
          legend="Status"
          name="status"
          options={[
            { value: 'Active', label: 'Active' },
            { value: 'Inactive', label: 'Inactive' },
          ]}
          value={draft.status}
          onChange={(status) => update({ status })}
          testId="q-status"
        />
        <TextField
          label="Score"
          value="1"
          readOnly
          hint="Every question is worth 1 point; faster correct answers score more."
        />
      </div>
    </TitledCard>
  );
}

function CheckboxGroup({
  legend,
  field,
  options,
  selected,
  onChange,
  error,
  testId,
}: {
  legend: string;
  field: FormField;
  options: { value: string; label: string }[];
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
  testId: string;
}) {
  const id = useId();
  return (
    <fieldset
      className="field choice-group"
      data-field={field}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId}
    >
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {options.length === 0 ? <span className="muted">Loading…</span> : null}
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, option.value]
                    : selected.filter((value) => value !== option.value),
                )
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A select's options for reference rows: a "choose" placeholder, then each row, marked when inactive. */
function ReferenceOptions<T extends { _id: string; isActive: boolean }>({
  placeholder,
  items,
  label,
}: {
  placeholder: string;
  items: readonly T[];
  label: (item: T) => string;
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      <RecordOptions items={items} label={(item) => `${label(item)}${item.isActive ? '' : ' (inactive)'}`} />
    </>
  );
}
