import { DeleteRowButton, MoveButtons, useCan, useMoveFocus } from '../../../shared/admin-list';
import { assetUrl } from '../../../shared/files/asset-url';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/surface';
import type { GalleryAlbum } from '../api/gallery-api';
import { useMoveAlbum } from '../api/use-gallery';

const statusOf = (album: GalleryAlbum) =>
  album.isHidden ? 'Hidden' : album.isPublished ? 'Published' : 'Draft';

const coverOf = (album: GalleryAlbum) =>
  album.photos.find((p) => p._id === album.coverPhotoId) ?? album.photos[0] ?? null;

/** The albums in gallery order: cover, status, open, arrows and delete. */
export function AlbumList({
  albums,
  onOpen,
  onDelete,
}: {
  albums: GalleryAlbum[];
  onOpen: (id: string) => void;
  onDelete: (album: GalleryAlbum) => void;
}) {
  const can = useCan('photoGallery');
  const move = useMoveAlbum();
  const moves = useMoveFocus<HTMLOListElement>(albums);
  if (can === null) {
    return null;
  }
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {moves.said}
      </p>
      <ol className="gallery-album-list" ref={moves.listRef}>
        {albums.map((album, index) => {
          const cover = coverOf(album);
          return (
            <li key={album._id}>
              <Card className="gallery-album-row" data-testid="gallery-album" aria-label={album.title}>
                <div className="gallery-album-row__cover">
                  {cover?.sizes[0] ? <img src={assetUrl(cover.sizes[0].url)} alt="" loading="lazy" /> : null}
                </div>
                <div className="gallery-album-row__text">
                  <h2 dir="auto">{album.title}</h2>
                  <p className="cell-note" data-testid="gallery-album-status">
                    {statusOf(album)} · {album.photos.length} photo{album.photos.length === 1 ? '' : 's'}
                  </p>
                </div>
                <div className="gallery-album-row__actions">
                  <Button
                    small
                    onClick={() => onOpen(album._id)}
                    aria-label={`Open ${album.title}`}
                    data-testid="gallery-album-open"
                  >
                    Open
                  </Button>
                  {can('update') ? (
                    <MoveButtons
                      name={album.title}
                      moveKey={album._id}
                      first={index === 0}
                      last={index === albums.length - 1}
                      pending={move.isPending}
                      onMove={(direction) =>
                        move.mutate(
                          { id: album._id, direction },
                          {
                            onSuccess: moves.onMoved(
                              album._id,
                              direction,
                              `${album.title} moved ${direction}.`,
                            ),
                          },
                        )
                      }
                      testId="gallery-album"
                    />
                  ) : null}
                  {can('delete') ? (
                    <DeleteRowButton
                      rowName={album.title}
                      className="danger-action"
                      onClick={() => onDelete(album)}
                      testId="gallery-album-delete"
                    />
                  ) : null}
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
    </>
  );
}
