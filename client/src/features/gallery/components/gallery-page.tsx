import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { fetchGallery, galleryKeys, type PublicGalleryAlbum } from '../gallery-api';
import { GalleryImage } from './gallery-image';
import { PhotoViewer } from './photo-viewer';
import './gallery-page.css';

const GRID_SIZES = '(min-width: 1100px) 260px, (min-width: 600px) 33vw, 50vw';

function AlbumGrid({ albums }: { albums: PublicGalleryAlbum[] }) {
  const t = useT();
  return (
    <ul className="tile-grid gallery-grid gallery-grid--albums" data-testid="gallery-albums">
      {albums.map((album) => (
        <li key={album._id}>
          <Link
            to={`${paths.gallery}?album=${album._id}`}
            className="gallery-album-card"
            aria-label={t('site.gallery.openAlbum', { title: album.title })}
            data-testid="gallery-album-card"
          >
            {album.cover ? (
              <GalleryImage photo={album.cover} srcWidth={480} sizes={GRID_SIZES} alt="" />
            ) : null}
            <span className="gallery-album-card__title" dir="auto">
              {album.title}
            </span>
            <span className="gallery-album-card__count">
              {t('site.gallery.photoCount', { count: album.photos.length })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AlbumPhotos({ album }: { album: PublicGalleryAlbum }) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  const count = album.photos.length;
  return (
    <section className="stack" aria-labelledby="gallery-album-title" data-testid="gallery-album-page">
      <p>
        <Link to={paths.gallery} data-testid="gallery-back">
          {t('site.gallery.back')}
        </Link>
      </p>
      <div>
        <h2 id="gallery-album-title" dir="auto">
          {album.title}
        </h2>
        {album.description ? (
          <p className="muted" dir="auto">
            {album.description}
          </p>
        ) : null}
      </div>
      <ul className="tile-grid gallery-grid" data-testid="gallery-photos">
        {album.photos.map((photo, index) => (
          <li key={photo._id}>
            <button
              type="button"
              className="gallery-photo-button"
              aria-label={t('site.gallery.openPhoto', { n: index + 1, m: count })}
              onClick={() => setViewing(index)}
              data-testid="gallery-photo-open"
            >
              <GalleryImage
                photo={photo}
                srcWidth={480}
                sizes={GRID_SIZES}
                alt={photo.caption || t('site.gallery.photo', { n: index + 1 })}
              />
            </button>
          </li>
        ))}
      </ul>
      {viewing !== null ? (
        <PhotoViewer
          photos={album.photos}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </section>
  );
}

/** The public gallery: album covers, then one album's photos in a lazy-loading grid with a viewer. */
export function GalleryPage() {
  const t = useT();
  const gallery = useQuery({ queryKey: galleryKeys.public, queryFn: ({ signal }) => fetchGallery(signal) });
  const [params] = useSearchParams();
  const albumId = params.get('album');
  const albums = gallery.data;
  const album = albumId === null ? null : (albums?.find((a) => a._id === albumId) ?? null);

  return (
    <article className="stack gallery-page" data-testid="gallery-page">
      <PageHeading title={t('site.gallery.title')}>{t('site.gallery.about')}</PageHeading>
      {gallery.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {gallery.isError ? (
        <Alert tone="error">
          <p>{t('site.gallery.error')}</p>
          <Button small variant="secondary" onClick={() => void gallery.refetch()}>
            {t('site.gallery.retry')}
          </Button>
        </Alert>
      ) : null}
      {albums !== undefined && albumId !== null && album === null ? (
        <Alert tone="info" data-testid="gallery-album-missing">
          <p>{t('site.gallery.notFound')}</p>
          <Link to={paths.gallery}>{t('site.gallery.back')}</Link>
        </Alert>
      ) : null}
      {albums?.length === 0 && albumId === null ? (
        <p className="muted" data-testid="gallery-empty">
          {t('site.gallery.empty')}
        </p>
      ) : null}
      {album !== null ? <AlbumPhotos album={album} /> : null}
      {albums !== undefined && albumId === null && albums.length > 0 ? <AlbumGrid albums={albums} /> : null}
    </article>
  );
}

export default GalleryPage;
