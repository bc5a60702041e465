import { CheckboxField } from '../../../shared/ui/choice-fields';
import type { QuizOptions } from '../api/quizzes-api';

export function GradesField({
  grades,
  value,
  error,
  onChange,
}: {
  grades: QuizOptions['grades'];
  value: string[];
  error?: string;
  onChange: (gradeIds: string[]) => void;
}) {
  const shown = grades.filter((g) => g.isActive || value.includes(g._id));
  return (
    <fieldset
      className="field qz-grades"
      aria-invalid={error ? true : undefined}
      data-problem={error ? true : undefined}
      data-testid="qz-grades"
    >
      <legend className="field__label">Grades</legend>
      <div className="qz-grades__list">
        {shown.map((g) => (
          <CheckboxField
            key={g._id}
            label={g.title}
            checked={value.includes(g._id)}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? shown.filter((x) => x._id === g._id || value.includes(x._id)).map((x) => x._id)
                  : value.filter((id) => id !== g._id),
              )
            }
            data-testid={`qz-grade-${g.title}`}
          />
        ))}
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
