import { GALLERY_LIMITS } from '@riyazi/api/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { galleryKeys, uploadPhoto } from '../api/gallery-api';

interface Upload {
  key: string;
  name: string;
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error: string | null;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MB = GALLERY_LIMITS.photoBytes / (1024 * 1024);

/** Picks several photos and sends them one per request, each with its own progress bar and error. */
export function PhotoUploader({ albumId }: { albumId: string }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const change = (key: string, patch: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const start = async (files: File[]) => {
    const batch = files.map((file, i) => ({
      file,
      upload: {
        key: `${Date.now()}-${i}-${file.name}`,
        name: file.name,
        progress: 0,
        state: 'waiting',
        error: null,
      } as Upload,
    }));
    setUploads((list) => [...list.filter((u) => u.state !== 'done'), ...batch.map((b) => b.upload)]);
    // One at a time: on a school's slow line a single photo finishes sooner than several sharing it.
    for (const { file, upload } of batch) {
      if (file.size > GALLERY_LIMITS.photoBytes) {
        change(upload.key, { state: 'failed', error: `Larger than ${MB} MB. Please pick a smaller photo.` });
        continue;
      }
      change(upload.key, { state: 'sending' });
      try {
        await uploadPhoto(albumId, file, (progress) => change(upload.key, { progress }));
        change(upload.key, { state: 'done', progress: 1 });
        await queryClient.invalidateQueries({ queryKey: galleryKeys.root });
      } catch (error) {
        change(upload.key, { state: 'failed', error: describeError(error) });
      }
    }
  };

  const sending = uploads.some((u) => u.state === 'sending' || u.state === 'waiting');
  return (
    <div className="stack gallery-uploader">
      <div>
        <label htmlFor={inputId} className="gallery-uploader__label">
          Add photos
        </label>
        <p className="field__hint">JPEG, PNG or WebP, at most {MB} MB each. Pick several at once.</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          disabled={sending}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) {
              void start(files);
            }
          }}
          data-testid="gallery-photo-input"
        />
      </div>
      {uploads.length > 0 ? (
        <ul className="gallery-uploads" aria-label="Uploads" data-testid="gallery-uploads">
          {uploads.map((u) => (
            <li key={u.key} className="gallery-upload" data-testid="gallery-upload" data-state={u.state}>
              <span className="gallery-upload__name">{u.name}</span>
              <progress
                max={1}
                value={u.progress}
                aria-label={`Upload of ${u.name}`}
                data-testid="gallery-upload-progress"
              />
              <span
                className={u.state === 'failed' ? 'gallery-upload__error' : 'cell-note'}
                role={u.state === 'failed' ? 'alert' : undefined}
              >
                {u.state === 'failed'
                  ? u.error
                  : u.state === 'done'
                    ? 'Uploaded'
                    : u.state === 'waiting'
                      ? 'Waiting…'
                      : `${Math.round(u.progress * 100)}%`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
