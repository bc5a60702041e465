import { FAQ_LIMITS } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import type { FaqGroup } from '../api/faq-api';
import { useSaveGroup } from '../api/use-faq';

/** Adds a group (group null) or renames one. */
export function FaqGroupDialog({ group, onClose }: { group: FaqGroup | null; onClose: () => void }) {
  const [title, setTitle] = useState(group?.title ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveGroup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') {
      setProblem('Enter a title.');
      return;
    }
    if (trimmed === group?.title) {
      onClose();
      return;
    }
    save.mutate(
      { id: group?._id ?? null, title: trimmed },
      { onSuccess: onClose, onError: (error) => setProblem(describeError(error)) },
    );
  };

  return (
    <Dialog
      title={group === null ? 'Add group' : `Rename ${group.title}`}
      onClose={onClose}
      data-testid="faq-group-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <TextField
          label="Title"
          name="title"
          required
          autoComplete="off"
          maxLength={FAQ_LIMITS.titleMax}
          placeholder="Payments"
          hint="Shown above its questions on the public FAQ."
          value={title}
          error={problem}
          onChange={(event) => {
            setTitle(event.target.value);
            setProblem(null);
          }}
          data-testid="faq-group-title"
        />
        <DialogFormActions
          onCancel={onClose}
          pending={save.isPending}
          label={group === null ? 'Add group' : 'Save'}
          testId="faq-group-save"
        />
      </form>
    </Dialog>
  );
}
