/**
 * Image checks and processing with sharp (DESIGN.md §7): the type is decided by decoding the content, never
 * by the name; the pixel count is read from the header and refused before a full decode; offer photos are
 * auto-rotated, stripped of metadata (no GPS from a shop's phone) and stored as webp card/detail variants;
 * registration documents and receipt photos are encoded again in their own format, upright and without metadata.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS, type MessageKey } from '@qrib/shared';
import { DomainError } from './domain-error.ts';
import type { FilesWithRow } from './pending-writes.ts';

export type ImageFormat = 'jpeg' | 'png';

export interface InspectedImage {
  format: ImageFormat;
  width: number;
  height: number;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

export function sha256(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

/** Reads only the header: refuses what is not a JPEG or PNG, and images over the pixel budget. */
export async function inspectImage(buffer: Buffer): Promise<InspectedImage> {
  let metadata: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit is off and ours decides (413, not 415).
    metadata = await sharp(buffer, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('unsupported', 'filesWrongType');
  }
  const { format, width, height } = metadata;
  if ((format !== 'jpeg' && format !== 'png') || !width || !height) {
    throw new DomainError('unsupported', 'filesWrongType');
  }
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('too-large', 'imageTooManyPixels');
  return format === 'jpeg'
    ? { format, width, height, contentType: 'image/jpeg', extension: 'jpg' }
    : { format, width, height, contentType: 'image/png', extension: 'png' };
}

/**
 * At most two images are decoded at once across all requests (the machine has two cores and a decoded photo
 * takes tens of megabytes); the others wait their turn.
 */
const MAX_CONCURRENT_DECODES = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export interface ProcessedOfferImage {
  sha256: string;
  card: Buffer;
  detail: Buffer;
  width: number;
  height: number;
}

export const CARD_WIDTH = 640;
export const DETAIL_WIDTH = 1600;

/** Decodes fully (a truncated or corrupt file fails here), rotates upright, and makes the two variants. */
export async function processOfferImage(buffer: Buffer): Promise<ProcessedOfferImage> {
  await inspectImage(buffer);
  return withImageSlot(() => convertOfferImage(buffer));
}

async function convertOfferImage(buffer: Buffer): Promise<ProcessedOfferImage> {
  try {
    const upright = sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    const variant = (width: number) =>
      upright.clone().resize({ width, height: width, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 });
    const [card, detail] = await Promise.all([variant(CARD_WIDTH).toBuffer(), variant(DETAIL_WIDTH).toBuffer({ resolveWithObject: true })]);
    return { sha256: sha256(buffer), card, detail: detail.data, width: detail.info.width, height: detail.info.height };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('unsupported', 'filesWrongType');
  }
}

/** Issue 28: a shop's logo (a square) and cover photo (a wide band across the top of its page), as stored. */
export const SHOP_IMAGE_SIZES = { logo: { width: 512, height: 512 }, cover: { width: 1600, height: 600 } } as const;

export interface ProcessedShopImage {
  body: Buffer;
  sha256: string;
}

/**
 * A logo or cover as stored: decoded fully (JPEG, PNG or WebP, decided by the content; anything else, a truncated
 * file or one over the pixel budget is refused), turned upright, cropped to its shape around the most interesting
 * part (sharp's attention strategy), at most its size, webp, no metadata.
 */
export async function processShopImage(buffer: Buffer, kind: keyof typeof SHOP_IMAGE_SIZES): Promise<ProcessedShopImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('unsupported', 'shopPhotoWrongType');
  }
  const { format, width, height } = metadata;
  if ((format !== 'jpeg' && format !== 'png' && format !== 'webp') || !width || !height) throw new DomainError('unsupported', 'shopPhotoWrongType');
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('too-large', 'imageTooManyPixels');
  return withImageSlot(async () => {
    try {
      const size = SHOP_IMAGE_SIZES[kind];
      const body = await sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ ...size, fit: 'cover', position: sharp.strategy.attention, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      return { body, sha256: sha256(body) };
    } catch {
      throw new DomainError('unsupported', 'shopPhotoWrongType');
    }
  });
}

/** A registration document stays readable: its long side is at most this many pixels. */
export const DOCUMENT_MAX_SIDE = 4000;

export interface ProcessedDocumentImage {
  body: Buffer;
  sha256: string;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

/**
 * A registration document photo or scan, as stored: decoded and encoded again in its own format (JPEG at
 * quality 90, PNG lossless), turned upright, at most DOCUMENT_MAX_SIDE on its long side, with no metadata. Only
 * pixels survive: no GPS or camera EXIF, and nothing hidden after the image data (a polyglot's second file).
 */
export async function processDocumentImage(buffer: Buffer): Promise<ProcessedDocumentImage> {
  const image = await inspectImage(buffer);
  return withImageSlot(async () => {
    let body: Buffer;
    try {
      const upright = sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: DOCUMENT_MAX_SIDE, height: DOCUMENT_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      body = await (image.format === 'jpeg' ? upright.jpeg({ quality: 90 }) : upright.png()).toBuffer();
    } catch {
      throw new DomainError('unsupported', 'filesWrongType');
    }
    return { body, sha256: sha256(body), contentType: image.contentType, extension: image.extension };
  });
}

export interface ProcessedReceiptImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
  /** 64-bit difference hash (hex): near-identical photos of one receipt have hashes a few bits apart. */
  perceptualHash: string;
}

/**
 * The quality a receipt photo is stored at. Every re-encoding loses detail OCR needs: at 92 the SROIE scans lost
 * a digit of the total on about one receipt in a hundred that the upload itself read right (15.90 read as 15),
 * at 97 none of those; the stored copy is about a third larger (270 KB for a 490 KB scan).
 */
export const RECEIPT_PHOTO_QUALITY = 97;

/**
 * A receipt photo: JPEG, PNG or WebP by content, within the pixel budget, fully decoded, turned upright and
 * stripped of metadata (a phone photo carries GPS); kept in its format at RECEIPT_PHOTO_QUALITY for reading later.
 */
export async function processReceiptImage(buffer: Buffer, wrongType: MessageKey): Promise<ProcessedReceiptImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('unsupported', wrongType);
  }
  const { format, width, height } = metadata;
  if ((format !== 'jpeg' && format !== 'png' && format !== 'webp') || !width || !height) throw new DomainError('unsupported', wrongType);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('too-large', 'imageTooManyPixels');
  return withImageSlot(async () => {
    try {
      const upright = sharp(buffer, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
      const [body, hashPixels] = await Promise.all([
        format === 'jpeg'
          ? upright.clone().jpeg({ quality: RECEIPT_PHOTO_QUALITY }).toBuffer()
          : format === 'png'
            ? upright.clone().png().toBuffer()
            : upright.clone().webp({ quality: RECEIPT_PHOTO_QUALITY }).toBuffer(),
        upright.clone().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer(),
      ]);
      const extension = format === 'jpeg' ? 'jpg' : format;
      return { body, contentType: `image/${format}`, extension, perceptualHash: differenceHash(hashPixels) };
    } catch {
      throw new DomainError('unsupported', wrongType);
    }
  });
}

/** dHash: each bit says whether a pixel is brighter than its right neighbour, on a 9×8 greyscale thumbnail. */
function differenceHash(pixels: Buffer): string {
  let bits = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = pixels[row * 9 + column] ?? 0;
      const right = pixels[row * 9 + column + 1] ?? 0;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** An offer_images row as an upload (or the demo data) makes it: db/schema.ts's offerImages without its ids. */
export interface OfferImageRow {
  position: number;
  cardKey: string;
  detailKey: string;
  width: number;
  height: number;
}

/**
 * An offer photo as stored: its webp card and detail variants under content-addressed public keys, and the
 * offer_images row naming them (the demo data's pictures are stored the same way).
 */
export function offerImageFiles(image: ProcessedOfferImage, position: number): FilesWithRow<OfferImageRow> {
  const cardKey = `public/offers/${image.sha256}-card.webp`;
  const detailKey = `public/offers/${image.sha256}-detail.webp`;
  return {
    files: [
      { key: cardKey, body: image.card, contentType: 'image/webp' },
      { key: detailKey, body: image.detail, contentType: 'image/webp' },
    ],
    row: { position, cardKey, detailKey, width: image.width, height: image.height },
  };
}
