import { useId, useRef, useState } from 'react';
import { assetUrl } from '../files/asset-url';
import { Button } from '../ui/button';
import './rich-text-editor.css';

interface ImageFieldProps {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  upload: (file: File) => Promise<string>;
  hint?: string;
  error?: string | null | undefined;
  testId?: string;
}

/** An uploaded file is served by the api, which may live on another origin than the client. */

/** One picture (question, option or hint): pick, upload with progress, preview, replace or remove. */
export function ImageField({ label, value, onChange, upload, hint, error, testId }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    if (file === undefined) {
      return;
    }
    setProblem(null);
    setUploading(true);
    upload(file)
      .then(onChange)
      .catch((cause: unknown) =>
        setProblem(cause instanceof Error ? cause.message : 'The picture could not be uploaded.'),
      )
      .finally(() => setUploading(false));
  };
  const message = problem ?? error ?? null;
  return (
    <div className="field image-field" data-testid={testId}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      {value !== null ? (
        <img className="image-field__preview" src={assetUrl(value)} alt={`${label} (preview)`} />
      ) : null}
      <div className="image-field__actions">
        <Button
          small
          variant="secondary"
          disabled={uploading}
          aria-describedby={`${id}-label`}
          onClick={() => input.current?.click()}
          data-testid={testId ? `${testId}-pick` : undefined}
        >
          {uploading ? 'Uploading…' : value === null ? 'Add picture' : 'Replace picture'}
        </Button>
        {value !== null && !uploading ? (
          <Button
            small
            variant="ghost"
            onClick={() => onChange(null)}
            data-testid={testId ? `${testId}-remove` : undefined}
          >
            Remove
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          data-testid={testId ? `${testId}-input` : undefined}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
