import type { ListMove } from '@riyazi/api/contracts';
import { GALLERY_LIMITS } from '@riyazi/api/contracts';
import { useState } from 'react';
import type { Can } from '../../../shared/admin-list';
import { DeleteRowButton, MoveButtons } from '../../../shared/admin-list';
import { assetUrl } from '../../../shared/files/asset-url';
import { Button } from '../../../shared/ui/button';
import { TextAreaField } from '../../../shared/ui/field';
import type { GalleryPhoto } from '../api/gallery-api';
import { useSaveCaption } from '../api/use-gallery';

interface PhotoCardProps {
  photo: GalleryPhoto;
  index: number;
  count: number;
  isCover: boolean;
  can: Can;
  pending: boolean;
  onMove: (direction: ListMove) => void;
  onCover: () => void;
  onDelete: () => void;
}

/** One photo of an album: its smallest size, caption, arrows, cover and delete. */
export function PhotoCard({
  photo,
  index,
  count,
  isCover,
  can,
  pending,
  onMove,
  onCover,
  onDelete,
}: PhotoCardProps) {
  const [caption, setCaption] = useState(photo.caption);
  const save = useSaveCaption();
  const name = `photo ${index + 1}`;
  const thumb = photo.sizes[0];
  return (
    <li className="gallery-photo-card" data-testid="gallery-photo" data-cover={isCover ? 'true' : undefined}>
      <div className="gallery-photo-card__image">
        {thumb ? (
          <img
            src={assetUrl(thumb.url)}
            alt={photo.caption || `Photo ${index + 1}`}
            width={photo.width}
            height={photo.height}
            loading="lazy"
          />
        ) : null}
        {isCover ? <span className="gallery-photo-card__badge">Cover</span> : null}
      </div>
      <form
        className="gallery-photo-card__caption"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: photo._id, caption: caption.trim() });
        }}
      >
        <TextAreaField
          label="Caption"
          aria-label={`Caption of ${name}`}
          dir="auto"
          rows={3}
          maxLength={GALLERY_LIMITS.captionMax}
          value={caption}
          disabled={!can('update')}
          onChange={(event) => setCaption(event.target.value)}
          data-testid="gallery-photo-caption"
        />
        {can('update') ? (
          <Button
            small
            variant="secondary"
            type="submit"
            disabled={save.isPending || caption.trim() === photo.caption}
            data-testid="gallery-photo-caption-save"
          >
            Save caption
          </Button>
        ) : null}
      </form>
      <div className="gallery-photo-card__actions">
        {can('update') ? (
          <>
            <MoveButtons
              name={name}
              moveKey={photo._id}
              first={index === 0}
              last={index === count - 1}
              pending={pending}
              onMove={onMove}
              testId="gallery-photo"
            />
            <Button
              small
              variant="secondary"
              disabled={isCover || pending}
              aria-pressed={isCover}
              onClick={onCover}
              data-testid="gallery-photo-cover"
            >
              {isCover ? 'Cover' : 'Set as cover'}
            </Button>
          </>
        ) : null}
        {can('delete') ? (
          <DeleteRowButton
            rowName={name}
            className="danger-action"
            onClick={onDelete}
            testId="gallery-photo-delete"
          />
        ) : null}
      </div>
    </li>
  );
}
