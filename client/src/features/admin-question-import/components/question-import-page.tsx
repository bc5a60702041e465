import type { QuestionImportPreview, QuestionImportResult } from '@riyazi/api/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { FileDrop } from '../../../shared/files/file-drop';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { commitImport, previewImport } from '../api/question-import-api';
import { fileProblem, formatBytes, plural } from './import-view';
import { PreviewTable } from './preview-table';
import { TemplateButtons } from './template-buttons';
import './question-import.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; action: 'preview' | 'commit'; progress: number }
  | { kind: 'previewed'; preview: QuestionImportPreview }
  | { kind: 'done'; result: QuestionImportResult };

function ProgressBar({ step }: { step: Extract<Step, { kind: 'sending' }> }) {
  const uploading = step.progress < 1;
  const percent = Math.round(step.progress * 100);
  const label = uploading
    ? `Uploading… ${percent}%`
    : step.action === 'preview'
      ? 'Checking every row…'
      : 'Importing questions…';
  return (
    <div className="qi-progress" data-testid="import-progress">
      <progress max={100} value={uploading ? percent : undefined} aria-label={label} />
      <span aria-live="polite">{label}</span>
    </div>
  );
}

export function QuestionImportPage() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(false);
  const busy = step.kind === 'sending';

  const send = async (action: 'preview' | 'commit', chosen: File) => {
    // A refused import keeps the preview on screen beside the reason.
    const before = step.kind === 'previewed' && action === 'commit' ? step : ({ kind: 'idle' } as const);
    setError(null);
    setRetryable(false);
    setStep({ kind: 'sending', action, progress: 0 });
    const onProgress = (progress: number) =>
      setStep((current) => (current.kind === 'sending' ? { ...current, progress } : current));
    try {
      if (action === 'preview') {
        setStep({ kind: 'previewed', preview: await previewImport(chosen, onProgress) });
      } else {
        const result = await commitImport(chosen, onProgress);
        await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY_ROOT, 'questions'] });
        setStep({ kind: 'done', result });
      }
    } catch (caught) {
      setError(describeError(caught));
      setRetryable(
        action === 'preview' && caught instanceof HttpError && (caught.status === 0 || caught.status >= 500),
      );
      setStep(before);
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) {
      return;
    }
    setFile(chosen);
    setStep({ kind: 'idle' });
    const problem = fileProblem(chosen);
    setError(problem);
    if (problem === null) {
      void send('preview', chosen);
    }
  };

  const preview = step.kind === 'previewed' ? step.preview : null;
  const errorAlert =
    error === null ? null : (
      <Alert tone="error" data-testid="import-error">
        <p>{error}</p>
        {retryable && file !== null ? (
          <Button small variant="secondary" onClick={() => void send('preview', file)}>
            Check again
          </Button>
        ) : null}
      </Alert>
    );
  const canImport = preview !== null && preview.invalid === 0 && preview.valid > 0 && file !== null;

  return (
    <div className="stack">
      <PageHeading title="Import questions">
        Add many questions at once from a spreadsheet. Nothing is saved until every row is correct.
      </PageHeading>

      <Card className="stack" aria-label="Template">
        <h2 className="card__title">1. Fill in the template</h2>
        <p className="muted">
          One question per row. Write maths as LaTeX between <code>$…$</code> (in the line) or{' '}
          <code>$$…$$</code> (on its own line), e.g. <code>{'What is $\\frac{1}{2} + \\frac{1}{4}$?'}</code>.
          Grade, category, sub category and phases are names as shown in the back office; separate several
          phases or accepted answers with <code>|</code>. The XLSX template explains every column.
        </p>
        <TemplateButtons />
      </Card>

      <Card className="stack" aria-label="Upload">
        <h2 className="card__title">2. Upload and check</h2>
        <FileDrop
          hasFile={file !== null}
          busy={busy}
          hint="or drop it here · at most 2 MB and 1000 questions"
          droppable
          onFile={choose}
          testId="import-file"
        />
        {file !== null ? (
          <p className="qi-file" data-testid="import-file-name">
            <strong>{file.name}</strong> <span className="muted">({formatBytes(file.size)})</span>
          </p>
        ) : null}
        {step.kind === 'sending' ? <ProgressBar step={step} /> : null}
        {preview === null ? errorAlert : null}
        {step.kind === 'done' ? (
          <Alert tone="success" data-testid="import-success">
            <p>
              Imported {plural(step.result.created, 'question', 'questions')}
              {step.result.questionNos.length > 0
                ? ` (#${step.result.questionNos[0]}${step.result.questionNos.length > 1 ? `–#${step.result.questionNos.at(-1)}` : ''})`
                : ''}
              . <Link to={adminPagePath('questions')}>See them in the question list</Link>
            </p>
          </Alert>
        ) : null}
      </Card>

      {preview !== null ? (
        <Card className="stack" aria-label="Preview">
          <h2 className="card__title">3. Review and import</h2>
          {preview.invalid > 0 ? (
            <Alert tone="warning">
              Fix the {plural(preview.invalid, 'row', 'rows')} marked Error in your spreadsheet, then upload
              the file again. Nothing has been saved.
            </Alert>
          ) : (
            <Alert tone="info">Every row is correct. Nothing is saved until you import.</Alert>
          )}
          {errorAlert}
          <div className="qi-actions">
            <Button
              disabled={!canImport}
              onClick={() => file !== null && void send('commit', file)}
              data-testid="import-commit"
            >
              Import {plural(preview.total, 'question', 'questions')}
            </Button>
            <ButtonLink variant="ghost" to={adminPagePath('questions')}>
              Back to questions
            </ButtonLink>
          </div>
          <PreviewTable preview={preview} />
        </Card>
      ) : null}
    </div>
  );
}
