import type { ImgHTMLAttributes } from 'react';
import { assetUrl } from '../../../shared/files/asset-url';
import type { PublicGalleryPhoto } from '../gallery-api';

interface GalleryImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'loading'> {
  photo: PublicGalleryPhoto;
  /** CSS pixels the plain src must cover (browsers without srcset, and the first paint). */
  srcWidth: number;
  alt: string;
  /** Off for the viewer's photo: it is wanted now. */
  lazy?: boolean;
}

/** A photo from its stored WebP sizes: the browser picks one by `sizes`; its own ratio reserves the space. */
export function GalleryImage({ photo, srcWidth, alt, lazy = true, ...img }: GalleryImageProps) {
  const fit = photo.sizes.find((s) => s.width >= srcWidth) ?? photo.sizes.at(-1);
  return (
    <img
      src={fit ? assetUrl(fit.url) : ''}
      srcSet={photo.sizes.map((s) => `${assetUrl(s.url)} ${s.width}w`).join(', ')}
      width={photo.width}
      height={photo.height}
      alt={alt}
      {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
      {...img}
    />
  );
}
