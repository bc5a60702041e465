import { useState } from 'react';
import { paths } from '../../../config/paths';
import { DeleteConfirmDialog, useCan, useDeleteConfirm } from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import type { GalleryAlbum } from '../api/gallery-api';
import { useAdminGallery, useDeleteAlbum } from '../api/use-gallery';
import { AlbumDialog } from './album-dialog';
import { AlbumList } from './album-list';
import { AlbumPanel } from './album-panel';
import '../../../shared/admin-list/admin-list.css';
import './gallery-admin.css';

type Editing = { album: GalleryAlbum | null } | null;

export function GalleryAdminPage() {
  const can = useCan('photoGallery');
  const gallery = useAdminGallery();
  const [editing, setEditing] = useState<Editing>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const albumDeletion = useDeleteConfirm<GalleryAlbum>(useDeleteAlbum());
  const albums = gallery.data;

  if (can === null) {
    return null;
  }
  const open = albums?.find((a) => a._id === openId) ?? null;
  const dialog =
    editing === null ? null : (
      <AlbumDialog
        album={editing.album}
        onClose={() => setEditing(null)}
        onCreated={(album) => {
          setEditing(null);
          setOpenId(album._id);
        }}
      />
    );

  return (
    <div className="stack" data-testid="gallery-admin">
      <PageHeading title="Photo gallery">
        Albums of photos for the public{' '}
        <a href={paths.gallery} target="_blank" rel="noreferrer">
          gallery
        </a>
        . Only published albums that are not hidden are shown there. Children appear in these photos: hide an
        album at once if a parent asks, and a deleted photo is removed from the server in every size.
      </PageHeading>
      <ListStatus
        query={gallery}
        loading="Loading the albums…"
        error="The albums could not be loaded."
        empty="No albums yet. Add one, then its photos."
        emptyTestId="gallery-admin-empty"
      />
      {open !== null ? (
        <AlbumPanel album={open} onBack={() => setOpenId(null)} onEdit={() => setEditing({ album: open })} />
      ) : (
        <>
          <div className="list-toolbar list-toolbar--center">
            <p className="muted">
              {albums === undefined ? '' : `${albums.length} album${albums.length === 1 ? '' : 's'}`}
            </p>
            {can('create') ? (
              <Button onClick={() => setEditing({ album: null })} data-testid="gallery-album-add">
                Add album
              </Button>
            ) : null}
          </div>
          <AlbumList albums={albums ?? []} onOpen={setOpenId} onDelete={albumDeletion.ask} />
        </>
      )}
      {dialog}
      <DeleteConfirmDialog state={albumDeletion} title="Delete album">
        {(album) => (
          <p>
            Delete the album <strong>{album.title}</strong> and its {album.photos.length} photo
            {album.photos.length === 1 ? '' : 's'}? Every stored size of each photo is removed. This cannot be
            undone; to take it off the site for now, hide it instead.
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
