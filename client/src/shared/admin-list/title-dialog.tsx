import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogFormActions } from '../ui/dialog';
import { TextField } from '../ui/field';

interface TitleDialogProps {
  /** 'Add group', 'Rename Payments'. */
  heading: string;
  initialTitle: string;
  maxLength: number;
  placeholder: string;
  hint?: string;
  submitLabel: string;
  pending: boolean;
  /** Prefix of the test ids: `<testId>-form`, `-title` and `-save`. */
  testId: string;
  onClose: () => void;
  /** Gets the trimmed title (never empty); `fail` shows a message under the field. */
  onSave: (title: string, fail: (message: string) => void) => void;
  /** More fields, after the title. */
  children?: ReactNode;
}

/** A dialog that adds a thing by its title, or renames it (an FAQ group, a gallery album). */
export function TitleDialog({
  heading,
  initialTitle,
  maxLength,
  placeholder,
  hint,
  submitLabel,
  pending,
  testId,
  onClose,
  onSave,
  children,
}: TitleDialogProps) {
  const [title, setTitle] = useState(initialTitle);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') {
      setProblem('Enter a title.');
      return;
    }
    onSave(trimmed, setProblem);
  };

  return (
    <Dialog title={heading} onClose={onClose} data-testid={`${testId}-form`}>
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <TextField
          label="Title"
          name="title"
          required
          autoComplete="off"
          maxLength={maxLength}
          placeholder={placeholder}
          hint={hint}
          value={title}
          error={problem}
          onChange={(event) => {
            setTitle(event.target.value);
            setProblem(null);
          }}
          data-testid={`${testId}-title`}
        />
        {children}
        <DialogFormActions
          onCancel={onClose}
          pending={pending}
          label={submitLabel}
          testId={`${testId}-save`}
        />
      </form>
    </Dialog>
  );
}
