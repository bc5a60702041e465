import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { badRequest, HttpError } from '../../lib/errors.js';
import { sniffType } from '../../lib/file-type.js';
import type { PublicFileStore } from '../../lib/public-files.js';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Widths stored for each image: 480 for small phones, 960 for everything else (2× a phone). */
export const IMAGE_WIDTHS = [480, 960] as const;
const MAX_HEIGHT = 1600;

export interface StoredImage {
  /** The largest stored variant: what rich text and the image fields keep. */
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number }[];
  bytes: number;
}

/**
 * Checks an upload is a real picture (from its bytes, not its name), then re-encodes it to WebP
 * at phone-friendly sizes. Re-encoding drops EXIF/GPS and anything hidden after the pixels.
 */
export async function storeImage(store: PublicFileStore, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0) {
    throw badRequest('file: the file is empty');
  }
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new HttpError(413, 'The image is larger than 2 MB. Please upload a smaller picture.');
  }
  const type = sniffType(bytes);
  if (type === null || type === 'application/pdf') {
    throw badRequest('file: must be a picture (JPEG, PNG, WebP or GIF)');
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    throw badRequest('file: this picture could not be read. Please export it again as PNG or JPEG.');
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const variants: StoredImage['variants'] = [];
  let largest = { width: 0, height: 0, bytes: 0 };
  const sourceWidth = metadata.autoOrient?.width ?? metadata.width ?? 0;
  for (const width of IMAGE_WIDTHS) {
    // A small picture is stored once at its own size, never blown up.
    if (variants.length > 0 && sourceWidth <= variants.at(-1)!.width) {
      break;
    }
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize({ width, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw badRequest('file: this picture could not be read. Please export it again as PNG or JPEG.');
      });
    const url = await store.put(`images/${hash}-${width}.webp`, data);
    variants.push({ url, width: info.width });
    largest = { width: info.width, height: info.height, bytes: data.length };
  }
  return { url: variants.at(-1)!.url, ...largest, variants };
}
