import { FAQ_LIMITS } from '@riyazi/api/contracts';
import type { FormEvent } from 'react';
import { RichTextEditor } from '../../../shared/editor/rich-text-editor';
import { fieldMessage, splitServerProblems } from '../../../shared/forms/form-errors';
import { UnsavedChangesGuard } from '../../../shared/forms/unsaved-changes-guard';
import { useDraftForm } from '../../../shared/forms/use-draft-form';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { RecordOptions, SelectField, Switch, TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { FaqEntry, FaqEntryInput, FaqGroup } from '../api/faq-api';
import { useSaveEntry } from '../api/use-faq';

const FIELDS = ['groupId', 'question', 'answer'] as const;
type EntryField = (typeof FIELDS)[number];
const LABELS: Record<EntryField, string> = { groupId: 'Group', question: 'Question', answer: 'Answer' };

/** Rich text with nothing a reader would see: no text, formula or picture. */
const isBlank = (html: string) =>
  !/<img|math-/.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';

function changesOf(entry: FaqEntry, draft: FaqEntryInput): Partial<FaqEntryInput> {
  const changes: Partial<FaqEntryInput> = {};
  if (draft.groupId !== entry.groupId) {
    changes.groupId = draft.groupId;
  }
  if (draft.question.trim() !== entry.question) {
    changes.question = draft.question.trim();
  }
  if (draft.answer !== entry.answer) {
    changes.answer = draft.answer;
  }
  if (draft.isPublished !== entry.isPublished) {
    changes.isPublished = draft.isPublished;
  }
  return changes;
}

interface FaqEntryDialogProps {
  /** null: a new question in groupId. */
  entry: FaqEntry | null;
  groupId: string;
  groups: FaqGroup[];
  onClose: () => void;
}

/** Adds or edits one question: its text, its rich-text answer (maths welcome), its group and whether it is published. */
export function FaqEntryDialog({ entry, groupId, groups, onClose }: FaqEntryDialogProps) {
  const form = useDraftForm<FaqEntryInput, EntryField | 'isPublished'>({
    initial: () => ({
      groupId: entry?.groupId ?? groupId,
      question: entry?.question ?? '',
      answer: entry?.answer ?? '',
      isPublished: entry?.isPublished ?? false,
    }),
  });
  const { draft, problems, setProblems, change, formError, setFormError } = form;
  const save = useSaveEntry();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<EntryField, string>> = {};
    if (draft.question.trim() === '') {
      found.question = 'Question is required';
    }
    if (isBlank(draft.answer)) {
      found.answer = 'Answer is required';
    }
    setProblems(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      return;
    }
    const body = entry === null ? { ...draft, question: draft.question.trim() } : changesOf(entry, draft);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { id: entry?._id ?? null, body },
      {
        onSuccess: () => {
          form.markSaved();
          onClose();
        },
        onError: (error) => {
          const split = splitServerProblems(error instanceof HttpError ? error.fieldErrors : {}, FIELDS);
          setProblems(
            Object.fromEntries(
              Object.entries(split.problems).map(([field, problem]) => [
                field,
                fieldMessage(LABELS[field as EntryField], problem as string),
              ]),
            ),
          );
          const placed = Object.keys(split.problems).length > 0 && split.other.length === 0;
          setFormError(placed ? null : describeError(error));
        },
      },
    );
  };

  return (
    <Dialog
      title={entry === null ? 'Add question' : 'Edit question'}
      onClose={onClose}
      wide
      data-testid="faq-entry-form"
    >
      <UnsavedChangesGuard form={form}>
        Your changes to this FAQ question have not been saved.
      </UnsavedChangesGuard>
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <TextField
          label={LABELS.question}
          name="question"
          required
          autoComplete="off"
          maxLength={FAQ_LIMITS.questionMax}
          placeholder="How is a correct answer scored?"
          value={draft.question}
          error={problems.question}
          onChange={(event) => change('question', event.target.value)}
          data-testid="faq-entry-question"
        />
        <RichTextEditor
          label={LABELS.answer}
          initialHtml={draft.answer}
          onChange={(html) => change('answer', html)}
          error={problems.answer}
          hint="Bold, lists and links; type $…$ for a formula, e.g. $\frac{1}{2}$."
          testId="faq-entry-answer"
        />
        <SelectField
          label={LABELS.groupId}
          name="groupId"
          value={draft.groupId}
          error={problems.groupId}
          hint={entry === null ? undefined : 'Moving it to another group puts it at the end of that group.'}
          onChange={(event) => change('groupId', event.target.value)}
          data-testid="faq-entry-group"
        >
          <RecordOptions items={groups} label={(group) => group.title} />
        </SelectField>
        <Switch
          label="Published"
          hint="Only published questions appear on the public FAQ; a draft is seen by staff only."
          checked={draft.isPublished}
          onCheckedChange={(checked) => change('isPublished', checked)}
          data-testid="faq-entry-publish"
        />
        {formError !== null ? <Alert tone="error">{formError}</Alert> : null}
        <DialogFormActions
          onCancel={onClose}
          pending={save.isPending}
          label={entry === null ? 'Add question' : 'Save changes'}
          testId="faq-entry-save"
        />
      </form>
    </Dialog>
  );
}
