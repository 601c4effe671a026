/**
 * Receipt photos and PDFs made in the test (and the OCR benchmark): text rendered to an image with sharp from
 * SVG in a plain font, then made to look like a phone photo of paper (grain, uneven light, a slight rotation);
 * and the same text drawn flat and perfect, as a forger's program draws it.
 */
import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import sharp from 'sharp';

export interface ReceiptContent {
  merchant: string;
  address?: string;
  /** As printed, e.g. '20/11/2026 09:41'. */
  date: string;
  items: { name: string; amount: number }[];
  /** Printed as a SUBTOTAL line when given. */
  subtotal?: number;
  /** Printed as a DISCOUNT line when given. */
  discount?: string;
  total: number;
}

const money = (value: number) => value.toFixed(2);
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function receiptLines(content: ReceiptContent): string[] {
  return [
    content.merchant,
    content.address ?? 'Triq il-Kbira 12, Valletta',
    `Date: ${content.date}`,
    ...content.items.map((item) => `${item.name.padEnd(22)}${money(item.amount).padStart(8)}`),
    ...(content.subtotal === undefined ? [] : [`${'SUBTOTAL'.padEnd(22)}${money(content.subtotal).padStart(8)}`]),
    ...(content.discount === undefined ? [] : [content.discount]),
    `${'TOTAL EUR'.padEnd(22)}${money(content.total).padStart(8)}`,
    'Thank you!',
  ];
}

/** The receipt as an SVG page, 600 px wide at 96 dpi; rendered at `density` it becomes a sharp photo. */
export function receiptSvg(content: ReceiptContent): string {
  const lines = receiptLines(content);
  const width = 600;
  const lineHeight = 40;
  const height = 90 + lines.length * lineHeight;
  const rows = lines
    .map((line, index) => {
      const y = 70 + index * lineHeight;
      const strong = index === 0 || line.startsWith('TOTAL');
      return `<text x="40" y="${y}" font-family="DejaVu Sans Mono, monospace" font-size="${strong ? 26 : 22}"${strong ? ' font-weight="bold"' : ''} fill="#222" xml:space="preserve">${escapeXml(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f6f2ea"/>${rows}</svg>`;
}

/** A small deterministic random generator (tests must be reproducible). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

/**
 * A JPEG photo of the receipt (about 1500 px wide at the default density), as a phone takes it of paper: the
 * page slightly rotated, lit unevenly (brighter at the top left) and with sensor grain in every pixel. These
 * are the signs of a physical document the verifier looks for (receipt-image-signals.ts).
 */
export async function makeReceiptPhoto(content: ReceiptContent, options: { density?: number; quality?: number } = {}): Promise<Buffer> {
  const drawn = await sharp(Buffer.from(receiptSvg(content)), { density: options.density ?? 240 })
    .flatten({ background: '#f6f2ea' })
    .rotate(0.8, { background: '#d8d2c6' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = drawn.info;
  const pixels = drawn.data;
  const random = seededRandom(width * 7919 + height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Light falls off by up to 8 % towards the bottom right; grain of about ±3 levels.
      const light = 1 - 0.08 * ((x / width + y / height) / 2);
      const grain = (random() + random() + random() - 1.5) * 4;
      for (let channel = 0; channel < channels; channel += 1) {
        const index = (y * width + x) * channels + channel;
        pixels[index] = Math.max(0, Math.min(255, Math.round((pixels[index] ?? 0) * light + grain)));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels } })
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}

/**
 * The receipt drawn by a program and saved as is: a flat background and perfect glyphs, as a forger types one
 * (issue 24). `rotate` turns the page by that many degrees (filled with the background's colour).
 */
export async function makeProgramDrawnReceipt(
  content: ReceiptContent,
  format: 'png' | 'jpeg',
  options: { quality?: number; rotate?: number; density?: number; background?: string } = {},
): Promise<Buffer> {
  const background = options.background ?? '#f6f2ea';
  const svg = receiptSvg(content).replace('fill="#f6f2ea"', `fill="${background}"`);
  let image = sharp(Buffer.from(svg), { density: options.density ?? 240 }).flatten({ background });
  if (options.rotate) image = sharp(await image.png().toBuffer()).rotate(options.rotate, { background });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: options.quality ?? 85 }).toBuffer();
}

/** A one-page PDF whose text layer holds the receipt's lines (what a till's e-mailed receipt looks like). */
export function makeReceiptPdf(content: ReceiptContent): Buffer {
  return makeTextPdf(receiptLines(content));
}

/** A one-page PDF whose text layer holds these lines, one under another (anyone can type one). */
export function makeTextPdf(lines: string[]): Buffer {
  const escapePdf = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const stream = lines.map((line, index) => `BT /F1 11 Tf 20 ${560 - index * 18} Td (${escapePdf(line)}) Tj ET`).join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 600] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>',
  ]);
}

/** A one-page PDF with no text layer at all, like a scanned receipt. */
export function makeScannedPdf(marker: string): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 600] /Contents 4 0 R >>`,
    `<< /Length ${marker.length + 4} >>\nstream\n% ${marker}\nendstream`,
  ]);
}

/** A PDF of blank pages (a long document a receipt is not). */
export function makeLongPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 600] >>'),
  ]);
}

/**
 * A PDF bomb: one page whose content stream is `inflatedBytes` of zeros deflated (2 GiB by default, about 2 MB
 * of file). The deflated data is one deflateSync of a 32 MiB zero buffer, sync-flushed and repeated: a flushed
 * segment ends on a byte boundary and needs nothing before it, so the copies decode one after another.
 */
export function makePdfBomb(inflatedBytes = 2 ** 31, options: { hexEncoded?: boolean } = {}): Buffer {
  const segmentBytes = 32 * 2 ** 20;
  const segment = deflateRawSync(Buffer.alloc(segmentBytes), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const copies = Math.ceil(inflatedBytes / segmentBytes);
  // zlib header, the segments, a final empty block and the Adler-32 of that many zeros (1, and n mod 65521).
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((((copies * segmentBytes) % 65_521) * 65_536 + 1) >>> 0);
  const deflated = Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array.from({ length: copies }, () => segment), Buffer.from([0x03, 0x00]), checksum]);
  // Hex-encoded first, the zlib data is hidden from a reader that looks for it in the file.
  const stream = options.hexEncoded ? Buffer.from(`${deflated.toString('hex')}>`, 'latin1') : deflated;
  const filter = options.hexEncoded ? '[/ASCIIHexDecode /FlateDecode]' : '/FlateDecode';
  return buildPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 600] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${stream.length} /Filter ${filter} >>\nstream\n${stream.toString('latin1')}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>',
    ],
  );
}

function buildPdf(objects: string[]): Buffer {
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
