import { GALLERY_LIMITS } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import type { GalleryAlbum } from '../api/gallery-api';
import { useSaveAlbum } from '../api/use-gallery';

/** Adds an album (album null) or changes its title and description. */
export function AlbumDialog({
  album,
  onClose,
  onCreated,
}: {
  album: GalleryAlbum | null;
  onClose: () => void;
  onCreated: (album: GalleryAlbum) => void;
}) {
  const [title, setTitle] = useState(album?.title ?? '');
  const [description, setDescription] = useState(album?.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAlbum();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (title.trim() === '') {
      setProblem('Enter a title.');
      return;
    }
    save.mutate(
      { id: album?._id ?? null, body: { title: title.trim(), description: description.trim() } },
      {
        onSuccess: (saved) => (album === null ? onCreated(saved) : onClose()),
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };

  return (
    <Dialog
      title={album === null ? 'Add album' : `Edit ${album.title}`}
      onClose={onClose}
      data-testid="gallery-album-form"
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <TextField
          label="Title"
          name="title"
          required
          autoComplete="off"
          maxLength={GALLERY_LIMITS.titleMax}
          placeholder="2026 prize ceremony"
          value={title}
          error={problem}
          onChange={(event) => {
            setTitle(event.target.value);
            setProblem(null);
          }}
          data-testid="gallery-album-title"
        />
        <TextField
          label="Description"
          name="description"
          autoComplete="off"
          maxLength={GALLERY_LIMITS.descriptionMax}
          hint="Optional; shown under the title on the public gallery."
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="gallery-album-description"
        />
        <DialogFormActions
          onCancel={onClose}
          pending={save.isPending}
          label={album === null ? 'Add album' : 'Save'}
          testId="gallery-album-save"
        />
      </form>
    </Dialog>
  );
}
