import { Button } from '../../../shared/ui/button';
import { RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import type { QuizOptions } from '../api/quizzes-api';
import { emptyRule, type FormProblems, type RuleDraft, wholeIn } from './quiz-form-model';
import '../../../shared/admin-list/admin-list.css';

export function RulesEditor({
  rules,
  categories,
  questionCount,
  problems,
  onChange,
}: {
  rules: RuleDraft[];
  categories: QuizOptions['categories'];
  questionCount: number | null;
  problems: FormProblems;
  onChange: (rules: RuleDraft[], clear: string[]) => void;
}) {
  const change = (index: number, patch: Partial<RuleDraft>) =>
    onChange(
      rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)),
      Object.keys(patch)
        .map((key) => `rules.${index}.${key}`)
        .concat(`rules.${index}`),
    );
  const sum = rules.reduce((total, r) => total + (wholeIn(r.questionCount, 1, 100) ?? 0), 0);
  const left = questionCount === null ? null : questionCount - sum;
  return (
    <div className="stack" data-testid="qz-rules">
      {rules.map((rule, index) => {
        const category = categories.find((c) => c._id === rule.categoryId);
        const at = `rules.${index}`;
        return (
          <div key={rule.key} className="qz-rule" data-testid="qz-rule">
            <span className="qz-rule__no">Rule {index + 1}</span>
            <SelectField
              className="qz-rule__category"
              label="Category"
              value={rule.categoryId}
              error={problems[`${at}.categoryId`] ?? problems[at]}
              onChange={(event) => change(index, { categoryId: event.target.value, subCategoryId: '' })}
              data-testid="qz-rule-category"
            >
              <option value="">Any category</option>
              <RecordOptions
                items={categories.filter((c) => c.isActive || c._id === rule.categoryId)}
                label={(c) => c.name}
              />
            </SelectField>
            <SelectField
              className="qz-rule__sub"
              label="Sub category"
              value={rule.subCategoryId}
              disabled={rule.categoryId === ''}
              error={problems[`${at}.subCategoryId`]}
              onChange={(event) => change(index, { subCategoryId: event.target.value })}
              data-testid="qz-rule-sub"
            >
              <option value="">
                {rule.categoryId === '' ? 'Choose a category first' : 'Any sub category'}
              </option>
              <RecordOptions
                items={(category?.subCategories ?? []).filter(
                  (s) => s.isActive || s._id === rule.subCategoryId,
                )}
                label={(s) => s.name}
              />
            </SelectField>
            <TextField
              label="Count"
              inputMode="numeric"
              value={rule.questionCount}
              error={problems[`${at}.questionCount`]}
              onChange={(event) => change(index, { questionCount: event.target.value })}
              data-testid="qz-rule-count"
            />
            <Button
              small
              variant="ghost"
              className="danger-action"
              disabled={rules.length === 1}
              onClick={() =>
                onChange(
                  rules.filter((_, i) => i !== index),
                  ['rules'],
                )
              }
              aria-label={`Remove rule ${index + 1}`}
              data-testid="qz-rule-remove"
            >
              Remove
            </Button>
          </div>
        );
      })}
      <div className="list-toolbar">
        <p
          className={`qz-rule-sum ${problems.rules ? 'field__error' : ''}`}
          data-problem={problems.rules ? true : undefined}
          data-testid="qz-rule-sum"
        >
          {problems.rules ??
            (left === null
              ? `Rules add up to ${sum} questions.`
              : left === 0
                ? `Rules add up to ${sum} questions, one attempt.`
                : left > 0
                  ? `Rules add up to ${sum} of ${questionCount} questions: ${left} to go.`
                  : `Rules add up to ${sum}, ${-left} more than the ${questionCount} of an attempt.`)}
        </p>
        <Button
          small
          variant="secondary"
          disabled={rules.length >= 50}
          onClick={() =>
            onChange([...rules, emptyRule(left !== null && left > 0 ? String(left) : '1')], ['rules'])
          }
          data-testid="qz-rule-add"
        >
          Add rule
        </Button>
      </div>
    </div>
  );
}
