import { useState } from 'react';
import { DeleteConfirmDialog, useCan, useDeleteConfirm, useMoveFocus } from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { Switch } from '../../../shared/ui/field';
import { Card } from '../../../shared/ui/surface';
import type { GalleryAlbum, GalleryPhoto } from '../api/gallery-api';
import { useChangeAlbum, useDeletePhoto, useMovePhoto } from '../api/use-gallery';
import { PhotoCard } from './photo-card';
import { PhotoUploader } from './photo-uploader';

/** One album opened: its switches, the uploader and its photos in order. */
export function AlbumPanel({
  album,
  onBack,
  onEdit,
}: {
  album: GalleryAlbum;
  onBack: () => void;
  onEdit: () => void;
}) {
  const can = useCan('photoGallery');
  const change = useChangeAlbum();
  const move = useMovePhoto();
  const photoDeletion = useDeleteConfirm<GalleryPhoto>(useDeletePhoto());
  const [asked, setAsked] = useState<{ isPublished?: boolean; isHidden?: boolean }>({});
  const moves = useMoveFocus<HTMLOListElement>(album.photos);
  if (can === null) {
    return null;
  }
  const pending = change.isPending || move.isPending;
  // A switch shows the change at once; the album catches up when the server has it.
  const flip = (body: { isPublished: boolean } | { isHidden: boolean }) => {
    setAsked((was) => ({ ...was, ...body }));
    change.mutate({ id: album._id, body }, { onSettled: () => setAsked({}) });
  };
  const isPublished = asked.isPublished ?? album.isPublished;
  const isHidden = asked.isHidden ?? album.isHidden;
  return (
    <div className="stack" data-testid="gallery-album-panel">
      <div>
        <Button small variant="ghost" onClick={onBack} data-testid="gallery-back">
          ← All albums
        </Button>
      </div>
      <Card className="stack">
        <div className="spread-row">
          <div className="gallery-admin__title">
            <h2 dir="auto">{album.title}</h2>
            {album.description ? (
              <p className="cell-note" dir="auto">
                {album.description}
              </p>
            ) : null}
          </div>
          {can('update') ? (
            <Button small variant="secondary" onClick={onEdit} data-testid="gallery-album-edit">
              Edit title
            </Button>
          ) : null}
        </div>
        <div className="gallery-admin__switches">
          <Switch
            label={isPublished ? 'Published' : 'Draft'}
            hint="Published albums show on the public gallery."
            aria-label={`${album.title} is published`}
            checked={isPublished}
            disabled={!can('update') || change.isPending}
            onCheckedChange={(value) => flip({ isPublished: value })}
            data-testid="gallery-album-published"
          />
          <Switch
            label={isHidden ? 'Hidden' : 'Not hidden'}
            hint="Hide an album at once (kept, not deleted), e.g. when a parent asks."
            aria-label={`${album.title} is hidden`}
            checked={isHidden}
            disabled={!can('update') || change.isPending}
            onCheckedChange={(value) => flip({ isHidden: value })}
            data-testid="gallery-album-hidden"
          />
        </div>
        {can('create') ? <PhotoUploader albumId={album._id} /> : null}
      </Card>
      <p className="visually-hidden" aria-live="polite">
        {moves.said}
      </p>
      <p className="muted" data-testid="gallery-photo-count">
        {album.photos.length === 0
          ? 'No photos yet.'
          : `${album.photos.length} photo${album.photos.length === 1 ? '' : 's'}`}
      </p>
      {album.photos.length > 0 ? (
        <ol
          className="tile-grid gallery-photo-grid"
          aria-label={`Photos of ${album.title}`}
          ref={moves.listRef}
        >
          {album.photos.map((photo, index) => (
            <PhotoCard
              key={photo._id}
              photo={photo}
              index={index}
              count={album.photos.length}
              isCover={album.coverPhotoId === photo._id}
              can={can}
              pending={pending}
              onMove={(direction) =>
                move.mutate(
                  { id: photo._id, direction },
                  {
                    onSuccess: moves.onMoved(photo._id, direction, `Photo ${index + 1} moved ${direction}.`),
                  },
                )
              }
              onCover={() => change.mutate({ id: album._id, body: { coverPhotoId: photo._id } })}
              onDelete={() => photoDeletion.ask(photo)}
            />
          ))}
        </ol>
      ) : null}
      <DeleteConfirmDialog state={photoDeletion} title="Delete photo">
        {() => (
          <p>
            Delete this photo? Every stored size of it is removed from the server. This cannot be undone; to
            take the whole album off the site for now, switch it to hidden instead.
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
