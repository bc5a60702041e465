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

/** One stored size of a re-encoded picture. */
export interface EncodedVariant {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Checks an upload is a real picture (from its bytes, not its name), then re-encodes it to WebP
 * at the given widths (never blown up: a small picture is stored once at its own size).
 * Re-encoding drops EXIF/GPS and anything hidden after the pixels. `keyOf` names each size's key.
 */
export async function encodeImage(
  store: PublicFileStore,
  bytes: Buffer,
  widths: readonly number[],
  keyOf: (width: number) => string,
  options: { maxBytes?: number; maxHeight?: number; allowGif?: boolean } = {},
): Promise<EncodedVariant[]> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  if (bytes.length === 0) {
    throw badRequest('file: the file is empty');
  }
  if (bytes.length > maxBytes) {
    const mb = Math.round(maxBytes / (1024 * 1024));
    throw new HttpError(413, `The image is larger than ${mb} MB. Please upload a smaller picture.`);
  }
  const type = sniffType(bytes);
  const allowed = options.allowGif === false ? ['image/jpeg', 'image/png', 'image/webp'] : null;
  if (type === null || type === 'application/pdf' || (allowed !== null && !allowed.includes(type))) {
    throw badRequest(
      allowed === null
        ? 'file: must be a picture (JPEG, PNG, WebP or GIF)'
        : 'file: must be a picture (JPEG, PNG or WebP)',
    );
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    throw badRequest('file: this picture could not be read. Please export it again as PNG or JPEG.');
  }
  const variants: EncodedVariant[] = [];
  const sourceWidth = metadata.autoOrient?.width ?? metadata.width ?? 0;
  for (const width of widths) {
    if (variants.length > 0 && sourceWidth <= variants.at(-1)!.width) {
      break;
    }
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize({ width, height: options.maxHeight ?? MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw badRequest('file: this picture could not be read. Please export it again as PNG or JPEG.');
      });
    const key = keyOf(width);
    const url = await store.put(key, data);
    variants.push({ key, url, width: info.width, height: info.height, bytes: data.length });
  }
  return variants;
}

/** A question, option or hint picture: content-addressed, so the same picture is stored once. */
export async function storeImage(store: PublicFileStore, bytes: Buffer): Promise<StoredImage> {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const variants = await encodeImage(store, bytes, IMAGE_WIDTHS, (width) => `images/${hash}-${width}.webp`);
  const largest = variants.at(-1)!;
  return {
    url: largest.url,
    width: largest.width,
    height: largest.height,
    bytes: largest.bytes,
    variants: variants.map(({ url, width }) => ({ url, width })),
  };
}
