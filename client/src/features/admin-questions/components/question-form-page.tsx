import { hasPermission } from '@riyazi/api/contracts';
import { useMemo } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { EditFormActions } from '../../../shared/forms/edit-form-actions';
import { EditPageForm } from '../../../shared/forms/edit-page-form';
import { UnsavedChangesGuard } from '../../../shared/forms/unsaved-changes-guard';
import { useDraftForm } from '../../../shared/forms/use-draft-form';
import { HttpError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { RecordFormRoute } from '../../../shared/ui/record-loader';
import { Alert } from '../../../shared/ui/surface';
import type { Question } from '../api/questions-api';
import { useQuestion, useQuestionOptions, useSaveQuestion } from '../api/use-questions';
import { AcceptedAnswersCard } from './question-accepted-answers';
import {
  bodyFromDraft,
  draftFromQuestion,
  emptyDraft,
  FORM_FIELDS,
  type FormField,
  type FormProblems,
  type OptionField,
  problemsFromServer,
  type QuestionDraft,
  validateDraft,
} from './question-form-model';
import { QuestionHintCard, QuestionStaffCard } from './question-notes-cards';
import { QuestionOptionsCard } from './question-options-card';
import { QuestionPlacementCard } from './question-placement-card';
import { QuestionTextCard } from './question-text-card';
import { QuestionUrduFields } from './question-urdu-fields';
import './questions.css';

/** /question/new and /question/{id}: one form for both. */
export function QuestionFormPage() {
  return (
    <RecordFormRoute
      useRecord={useQuestion}
      title="Edit question"
      noun="question"
      form={(question) => <QuestionForm question={question} />}
    />
  );
}

function QuestionForm({ question }: { question: Question | null }) {
  const navigate = useNavigate();
  const auth = useAdminAuth();
  const initial = useMemo(() => (question === null ? emptyDraft() : draftFromQuestion(question)), [question]);
  const form = useDraftForm<QuestionDraft, FormField>({ initial });
  const { formRef, draft, problems, setProblems, formError, setFormError, update } = form;
  const save = useSaveQuestion();
  const options = useQuestionOptions(draft.categoryId);

  const updateOption = (field: OptionField, change: Partial<QuestionDraft['options'][OptionField]>) =>
    update(
      (current) => ({
        ...current,
        options: { ...current.options, [field]: { ...current.options[field], ...change } },
      }),
      [field],
    );

  const focusFirstProblem = (found: FormProblems) => {
    const first = FORM_FIELDS.find((field) => found[field] !== undefined);
    const target = first && formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target
      ?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')
      ?.focus({ preventScroll: true });
  };

  const submit = () => {
    setFormError(null);
    const found = validateDraft(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFormError('Please fix the highlighted fields.');
      focusFirstProblem(found);
      return;
    }
    save.mutate(
      { id: question?._id ?? null, body: bodyFromDraft(draft) },
      {
        onSuccess: (result) => {
          form.markSaved();
          toast.success(`Question ${result.questionNo} saved`);
          const canView =
            auth !== null &&
            hasPermission(auth.permissions, auth.isSuperAdmin, { module: 'question', action: 'update' });
          void navigate(
            canView ? adminPagePath('questionView', { id: result._id }) : adminPagePath('questions'),
          );
        },
        onError: (error) => {
          const server = error instanceof HttpError ? problemsFromServer(error.fieldErrors) : {};
          setProblems(server);
          // The fields say what is wrong; the banner only points at them (or says what else went wrong).
          setFormError(Object.keys(server).length > 0 ? 'Please fix the highlighted fields.' : error.message);
          focusFirstProblem(server);
        },
      },
    );
  };

  const isMcq = draft.type === 'MCQs';
  const title = question === null ? 'New question' : `Edit question ${question.questionNo}`;
  return (
    <EditPageForm
      formRef={formRef}
      className="stack q-form"
      onSubmit={submit}
      titleId="q-form-title"
      title={title}
      testId="question-form"
      back={{ to: adminPagePath('questions'), label: 'All questions' }}
    >
      {question !== null && question.usageCount > 0 ? (
        <Alert tone="info">
          Students have been served this question {question.usageCount} time
          {question.usageCount === 1 ? '' : 's'}. Changing its answer changes how future plays are scored, not
          past results.
        </Alert>
      ) : null}

      <QuestionPlacementCard draft={draft} problems={problems} update={update} options={options} />

      <QuestionTextCard initial={initial} draft={draft} problems={problems} update={update} />

      {isMcq ? (
        <QuestionOptionsCard
          initial={initial}
          draft={draft}
          problems={problems}
          edit={form.edit}
          clearProblems={form.clearProblems}
          updateOption={updateOption}
        />
      ) : (
        <AcceptedAnswersCard draft={draft} problems={problems} update={update} />
      )}

      <QuestionHintCard initial={initial} draft={draft} problems={problems} update={update} />

      <QuestionUrduFields
        initial={initial}
        isMcq={isMcq}
        onQuestion={(html) => update({ questionUrdu: html })}
        onOption={(field, html) => updateOption(field, { textUrdu: html })}
        onHint={(html) => update({ answerHintTextUrdu: html })}
      />

      <QuestionStaffCard draft={draft} problems={problems} update={update} />

      <EditFormActions
        formError={formError}
        pending={save.isPending}
        onCancel={() => void navigate(-1)}
        submitLabel={question === null ? 'Create question' : 'Save changes'}
        testIdPrefix="q"
      />

      <UnsavedChangesGuard form={form}>
        Your changes to this question have not been saved.
      </UnsavedChangesGuard>
    </EditPageForm>
  );
}
