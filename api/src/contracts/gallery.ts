/** The photo gallery as staff edit it and as /gallery shows it (shared by api and client; no zod here). */

export const GALLERY_LIMITS = {
  titleMax: 120,
  descriptionMax: 1000,
  captionMax: 300,
  /** Bytes of one uploaded photo. */
  photoBytes: 8 * 1024 * 1024,
} as const;

/** Stored widths of every photo (WebP); a smaller photo is stored at its own size only. */
export const GALLERY_WIDTHS = [480, 960, 1600] as const;

export interface GallerySize {
  url: string;
  width: number;
}

export interface GalleryPhoto {
  _id: string;
  albumId: string;
  caption: string;
  position: number;
  /** Smallest first; the last is the largest. */
  sizes: GallerySize[];
  width: number;
  height: number;
}

export interface GalleryAlbum {
  _id: string;
  title: string;
  description: string;
  position: number;
  isPublished: boolean;
  isHidden: boolean;
  coverPhotoId: string | null;
  photos: GalleryPhoto[];
  updatedAt: string;
}

export interface GalleryAlbumInput {
  title: string;
  description: string;
}

export interface PublicGalleryPhoto {
  _id: string;
  caption: string;
  sizes: GallerySize[];
  width: number;
  height: number;
}

export interface PublicGalleryAlbum {
  _id: string;
  title: string;
  description: string;
  cover: PublicGalleryPhoto | null;
  photos: PublicGalleryPhoto[];
}
