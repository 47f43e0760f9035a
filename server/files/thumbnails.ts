import type { UploadFileType } from '@renderer/core/validators';

/** Renditions of the spec's snapshot URLs: the longest side of each thumbnail (ORIGINAL is the file). */
export const THUMBNAIL_SIZES = { SMALL: 120, MEDIUM: 480, BIG: 1280 } as const;
export const THUMBNAIL_TYPES = ['SMALL', 'MEDIUM', 'BIG', 'ORIGINAL'] as const;
export type ThumbnailType = (typeof THUMBNAIL_TYPES)[number];

export const isThumbnailType = (v: string): v is ThumbnailType =>
  (THUMBNAIL_TYPES as readonly string[]).includes(v);

/**
 * Whether `type` of a file is an image of its own: raster images are resized; a PDF (its first page is what
 * a viewer shows) and office or archive files stand for themselves.
 */
export const hasOwnRendition = (
  ext: string,
  type: ThumbnailType,
): type is Exclude<ThumbnailType, 'ORIGINAL'> =>
  type !== 'ORIGINAL' && (['png', 'jpg', 'jpeg'] as Array<UploadFileType | string>).includes(ext);

/** Where a rendition is kept next to its original. */
export const renditionKey = (storageKey: string, type: ThumbnailType): string =>
  type === 'ORIGINAL' ? storageKey : `${storageKey}_${type}`;

/**
 * A thumbnail in the original's format, fitting a square of the type's size (never enlarged, EXIF
 * orientation applied); null when the bytes are not a decodable image. sharp is loaded on first use.
 */
export async function makeThumbnail(
  data: Buffer,
  ext: string,
  type: Exclude<ThumbnailType, 'ORIGINAL'>,
): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp');
  const size = THUMBNAIL_SIZES[type];
  try {
    const image = sharp(data, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
    return await (ext === 'png' ? image.png() : image.jpeg({ quality: 82 })).toBuffer();
  } catch {
    return null;
  }
}
