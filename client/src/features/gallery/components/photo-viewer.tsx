import { type PointerEvent, useEffect, useRef } from 'react';
import { useT } from '../../../shared/i18n';
import type { PublicGalleryPhoto } from '../gallery-api';
import { GalleryImage } from './gallery-image';

interface PhotoViewerProps {
  photos: PublicGalleryPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A swipe shorter than this (CSS px) is a tap, not a change of photo. */
const SWIPE = 40;

/**
 * The photos one at a time in a modal <dialog> (focus stays inside; Escape closes it, and focus goes
 * back to the photo that opened it). Arrow keys and a horizontal swipe move through the album.
 */
export function PhotoViewer({ photos, index, onIndex, onClose }: PhotoViewerProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index];
  const count = photos.length;
  const go = (step: number) => onIndex((index + step + count) % count);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) {
      dialog.showModal();
    }
    return () => opener?.focus();
  }, []);

  if (!photo) {
    return null;
  }
  // In Urdu the page runs right to left, and so does "next".
  const rtl = () => ref.current?.closest('[dir="rtl"]') !== null || document.documentElement.dir === 'rtl';
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Tab') {
      // The page behind is inert, but Tab could still leave for the browser's own bar: wrap round.
      const buttons = Array.from(ref.current?.querySelectorAll('button') ?? []);
      const edge = event.shiftKey ? buttons[0] : buttons.at(-1);
      if (edge !== undefined && document.activeElement === edge) {
        event.preventDefault();
        (event.shiftKey ? buttons.at(-1) : buttons[0])?.focus();
      }
      return;
    }
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') {
      return;
    }
    event.preventDefault();
    const forward = event.key === 'ArrowRight';
    go(forward !== rtl() ? 1 : -1);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) {
      return;
    }
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(event.clientY - from.y)) {
      return;
    }
    // Swiping left brings the next photo (the one to the right) into view; mirrored in Urdu.
    go(dx < 0 !== rtl() ? 1 : -1);
  };
  const caption = photo.caption || t('site.gallery.photo', { n: index + 1 });

  return (
    <dialog
      ref={ref}
      className="photo-viewer"
      aria-label={t('site.gallery.viewer')}
      aria-describedby="photo-viewer-hint"
      onClose={onClose}
      onKeyDown={onKeyDown}
      data-testid="photo-viewer"
    >
      <div className="spread-row photo-viewer__bar">
        <p className="photo-viewer__counter" aria-live="polite" data-testid="photo-viewer-counter">
          {t('site.gallery.counter', { n: index + 1, m: count })}
        </p>
        <button
          type="button"
          className="photo-viewer__button"
          aria-label={t('site.gallery.close')}
          onClick={onClose}
          data-testid="photo-viewer-close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <figure
        className="photo-viewer__figure"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
        data-testid="photo-viewer-stage"
      >
        <GalleryImage
          key={photo._id}
          photo={photo}
          srcWidth={960}
          lazy={false}
          sizes="100vw"
          alt={caption}
          draggable={false}
          data-testid="photo-viewer-image"
        />
        <figcaption dir="auto" data-testid="photo-viewer-caption">
          {photo.caption}
        </figcaption>
      </figure>
      <p id="photo-viewer-hint" className="visually-hidden">
        {t('site.gallery.swipeHint')}
      </p>
      {count > 1 ? (
        <div className="spread-row photo-viewer__nav">
          <button
            type="button"
            className="photo-viewer__button"
            aria-label={t('site.gallery.previous')}
            onClick={() => go(-1)}
            data-testid="photo-viewer-previous"
          >
            <span aria-hidden="true" className="photo-viewer__arrow">
              ‹
            </span>
          </button>
          <button
            type="button"
            className="photo-viewer__button"
            aria-label={t('site.gallery.next')}
            onClick={() => go(1)}
            data-testid="photo-viewer-next"
          >
            <span aria-hidden="true" className="photo-viewer__arrow">
              ›
            </span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
