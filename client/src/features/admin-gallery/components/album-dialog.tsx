import { GALLERY_LIMITS } from '@riyazi/api/contracts';
import { useState } from 'react';
import { TitleDialog } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
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
  const [description, setDescription] = useState(album?.description ?? '');
  const save = useSaveAlbum();
  return (
    <TitleDialog
      heading={album === null ? 'Add album' : `Edit ${album.title}`}
      initialTitle={album?.title ?? ''}
      maxLength={GALLERY_LIMITS.titleMax}
      placeholder="2026 prize ceremony"
      submitLabel={album === null ? 'Add album' : 'Save'}
      pending={save.isPending}
      testId="gallery-album"
      onClose={onClose}
      onSave={(title, fail) =>
        save.mutate(
          { id: album?._id ?? null, body: { title, description: description.trim() } },
          {
            onSuccess: (saved) => (album === null ? onCreated(saved) : onClose()),
            onError: (error) => fail(describeError(error)),
          },
        )
      }
    >
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
    </TitleDialog>
  );
}
