/**
 * Signs that a receipt image is a photo or a scan of paper, not a picture a program drew (issue 24, ADR 009
 * 'Revised'). A photographed or scanned page carries the physical world with it: sensor noise and paper texture
 * in its background, dust and print specks, and glyph edges made ragged by the print head and the scanner. A
 * program that draws text on a flat background (SVG, canvas) has none: its background is one grey level, exactly,
 * even after JPEG (a flat 8×8 block is coded by its mean alone), and its glyphs' edges are smooth curves.
 *
 * Measured on the greyscale pixels (sharp, raw), scaled to ANALYSIS_WIDTH so that every measure is taken at one
 * scale whatever the resolution. The thresholds were chosen on the 626 ICDAR 2019 SROIE scans (all of them: real
 * till receipts, many binarised to pure white by the scanner) and on receipts drawn with sharp from SVG (PNG, JPEG
 * at quality 70–95, 72–240 dpi, white and cream backgrounds, straight and rotated by 1–2°):
 *
 *  - flatShare: of the 8×8 blocks without ink (grey range ≤ 24), the share whose pixels are all exactly equal.
 *    Drawn: 0.90–0.99. Photos and greyscale scans: near 0 (noise); binarised scans: 0.5–0.9 (interpolating
 *    their speckled, ragged pages leaves few perfectly equal blocks).
 *  - roughness: on the page thresholded halfway between paper and ink, the share of boundary pixels that are
 *    one-pixel spurs or notches. Drawn (anti-aliased outlines): ≤ 0.013. Thermal print and scanner
 *    thresholding: median 0.03.
 *  - specks: isolated dots of ink (1–12 dark pixels in an 8×8 block whose 5×5 surrounding blocks hold none):
 *    dust and stray print. Drawn: 0.
 *
 * A physical document shows at least one: flatShare < 0.88, roughness ≥ 0.016 or specks ≥ 3. On SROIE that
 * passes 625 of 626 (99.8 %); every drawn receipt fails all three. It proves nothing about the words (a printed
 * forgery photographed is a photo): it only tells a typed image from a photographed paper.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@qrib/shared';

/** Every image is measured at this width, so that the thresholds do not depend on the resolution. */
export const ANALYSIS_WIDTH = 1200;
export const MAX_FLAT_SHARE = 0.88;
export const MIN_ROUGHNESS = 0.016;
export const MIN_SPECKS = 3;

const BLOCK = 8;
/** A block without ink: its grey levels span at most this much. */
const INK_FREE_RANGE = 24;
/** Ink is darker than the paper by at least this much. */
const INK_CONTRAST = 80;
const SPECK_MAX_PIXELS = 12;

export interface ImageSignals {
  flatShare: number;
  roughness: number;
  specks: number;
  /** At least one sign of a physical document. */
  isPhysical: boolean;
}

/** The paper's grey level: the level that 30 % of the pixels reach or exceed (most of a receipt is paper). */
function paperLevel(histogram: number[], pixels: number): number {
  let seen = 0;
  for (let level = 255; level >= 0; level -= 1) {
    seen += histogram[level] ?? 0;
    if (seen >= pixels * 0.3) return level;
  }
  return 255;
}

export function measureSignals(data: Uint8Array | Buffer, width: number, height: number): ImageSignals {
  const histogram = Array.from({ length: 256 }, () => 0);
  for (const value of data) histogram[value] = (histogram[value] ?? 0) + 1;
  const paper = paperLevel(histogram, data.length);
  const dark = paper - INK_CONTRAST;
  let darkMode = 0;
  for (let level = 0; level < Math.max(0, dark); level += 1) if ((histogram[level] ?? 0) > (histogram[darkMode] ?? 0)) darkMode = level;
  const threshold = (paper + Math.min(darkMode, dark)) / 2;

  // flatShare and the dark pixels of each block.
  const columns = Math.floor(width / BLOCK);
  const rows = Math.floor(height / BLOCK);
  const darkCounts = new Int32Array(columns * rows);
  let inkFree = 0;
  let flat = 0;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      let min = 255;
      let max = 0;
      let darkPixels = 0;
      for (let y = row * BLOCK; y < row * BLOCK + BLOCK; y += 1) {
        for (let x = column * BLOCK; x < column * BLOCK + BLOCK; x += 1) {
          const value = data[y * width + x] ?? 0;
          if (value < min) min = value;
          if (value > max) max = value;
          if (value < dark) darkPixels += 1;
        }
      }
      darkCounts[row * columns + column] = darkPixels;
      if (max - min <= INK_FREE_RANGE) {
        inkFree += 1;
        if (max === min) flat += 1;
      }
    }
  }

  // roughness: spurs (ink with at most one inked 4-neighbour) and notches (paper with three or four).
  let boundary = 0;
  let odd = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const index = y * width + x;
      const isInk = (data[index] ?? 255) < threshold;
      const neighbours =
        ((data[index - 1] ?? 255) < threshold ? 1 : 0) +
        ((data[index + 1] ?? 255) < threshold ? 1 : 0) +
        ((data[index - width] ?? 255) < threshold ? 1 : 0) +
        ((data[index + width] ?? 255) < threshold ? 1 : 0);
      if (isInk && neighbours < 4) {
        boundary += 1;
        if (neighbours <= 1) odd += 1;
      } else if (!isInk && neighbours >= 3) {
        odd += 1;
      }
    }
  }

  // specks: a little ink in a block whose 5×5 surrounding blocks hold none.
  let specks = 0;
  for (let row = 2; row < rows - 2; row += 1) {
    for (let column = 2; column < columns - 2; column += 1) {
      const count = darkCounts[row * columns + column] ?? 0;
      if (count < 1 || count > SPECK_MAX_PIXELS) continue;
      let isAlone = true;
      for (let dy = -2; dy <= 2 && isAlone; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) {
          if ((dy !== 0 || dx !== 0) && (darkCounts[(row + dy) * columns + column + dx] ?? 0) > 0) {
            isAlone = false;
            break;
          }
        }
      }
      if (isAlone) specks += 1;
    }
  }

  const flatShare = inkFree === 0 ? 0 : flat / inkFree;
  const roughness = boundary === 0 ? 0 : odd / boundary;
  return {
    flatShare,
    roughness,
    specks,
    isPhysical: flatShare < MAX_FLAT_SHARE || roughness >= MIN_ROUGHNESS || specks >= MIN_SPECKS,
  };
}

/** The signals of an image file (JPEG, PNG, WebP), upright, greyscale, at ANALYSIS_WIDTH. Rejects a corrupt image. */
export async function imageSignals(input: Buffer): Promise<ImageSignals> {
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: ANALYSIS_WIDTH })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measureSignals(data, info.width, info.height);
}
