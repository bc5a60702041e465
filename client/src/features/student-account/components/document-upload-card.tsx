import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { describeStudentError } from '../../../shared/http/student-error';
import { type MessageKey, useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import { accountKeys, type DocumentKind, uploadDocument } from '../api/account-api';
import { documentProblem } from './document-upload';

const KIND_LABELS: Record<DocumentKind, MessageKey> = {
  SCHOOL_ID: 'account.document.SCHOOL_ID',
  B_FORM: 'account.document.B_FORM',
};

/** Upload of the school ID card or B-form; a new upload replaces one waiting for review. */
export function DocumentUploadForm({ approved }: { approved: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [kind, setKind] = useState<DocumentKind>('SCHOOL_ID');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadDocument(kind, chosen),
    onSuccess: async () => {
      toast.success(t('account.document.uploaded'));
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile });
    },
  });

  if (approved) {
    return null;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const issue = file ? documentProblem(file) : t('account.document.chooseFirst');
    setProblem(issue);
    if (file && !issue) {
      upload.mutate(file);
    }
  };

  return (
    <form className="stack" onSubmit={onSubmit} data-testid="document-upload">
      <fieldset className="document-kind">
        <legend>{t('account.document.which')}</legend>
        {(Object.keys(KIND_LABELS) as DocumentKind[]).map((value) => (
          <label key={value} className="document-kind__option">
            <input
              type="radio"
              name="document-kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              data-testid={`document-kind-${value}`}
            />
            {t(KIND_LABELS[value])}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={fileInputId}>
          {t('account.document.file')}
        </label>
        <input
          id={fileInputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          capture="environment"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
          }}
          data-testid="document-file"
        />
        <p className="field__hint">{t('account.document.hint')}</p>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {upload.isError ? <Alert tone="error">{describeStudentError(upload.error)}</Alert> : null}
      <div>
        <Button type="submit" disabled={upload.isPending} data-testid="document-submit">
          {upload.isPending ? t('account.document.uploading') : t('account.document.upload')}
        </Button>
      </div>
    </form>
  );
}
