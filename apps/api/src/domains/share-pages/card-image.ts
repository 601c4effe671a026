/**
 * The picture a messenger shows for an offer without a photo (issue 27): a 1200 × 630 card (Open Graph's large
 * image) with the discount, title, price and shop, drawn as SVG and turned into PNG by sharp. Every text is escaped
 * for XML. The same offer and language give the same SVG, so its hash is the image's ETag and the `v` of its URL,
 * and a few recent renders are kept (rendering takes tens of milliseconds; a messenger asks for one card many times).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

export const CARD_IMAGE_WIDTH = 1200;
export const CARD_IMAGE_HEIGHT = 630;

export interface CardText {
  discount: string;
  title: string;
  /** The price before, struck through, and after ('€4.00', '€3.20'), when known. */
  price: { before: string; after: string } | null;
  shop: string;
  brand: string;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The text in lines of at most `width` characters (a longer word is cut), at most `maxLines`, the last with '…' when cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').flatMap((word) => {
    const pieces: string[] = [];
    for (let start = 0; start < word.length; start += width) pieces.push(word.slice(start, start + width));
    return pieces;
  });
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const tail = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${tail.slice(0, Math.max(0, width - 1))}…`;
  return kept;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', sans-serif";

export function cardSvg(text: CardText): string {
  const titleLines = wrapText(text.title, 28, 3);
  const titleTop = 230;
  const titleLineHeight = 72;
  const afterTitle = titleTop + titleLines.length * titleLineHeight;
  const price = text.price
    ? `<text x="80" y="${afterTitle + 62}" font-family="${FONT}" font-size="50" fill="#d1fae5"><tspan text-decoration="line-through">${escapeXml(text.price.before)}</tspan><tspan dx="24">→</tspan><tspan dx="24" font-weight="700" fill="#ffffff">${escapeXml(text.price.after)}</tspan></text>`
    : '';
  const badgeWidth = Math.min(1040, 60 + Math.ceil(text.discount.length * 26));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_IMAGE_WIDTH}" height="${CARD_IMAGE_HEIGHT}" viewBox="0 0 ${CARD_IMAGE_WIDTH} ${CARD_IMAGE_HEIGHT}">`,
    '<rect width="100%" height="100%" fill="#064e3b"/>',
    '<rect x="0" y="560" width="100%" height="70" fill="#047857"/>',
    `<text x="80" y="100" font-family="${FONT}" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(text.brand)}</text>`,
    `<rect x="80" y="130" rx="32" width="${badgeWidth}" height="64" fill="#ffffff"/>`,
    `<text x="110" y="174" font-family="${FONT}" font-size="38" font-weight="700" fill="#064e3b">${escapeXml(text.discount)}</text>`,
    ...titleLines.map(
      (line, index) =>
        `<text x="80" y="${titleTop + (index + 1) * titleLineHeight - 12}" font-family="${FONT}" font-size="60" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    ),
    price,
    `<text x="80" y="607" font-family="${FONT}" font-size="34" fill="#ffffff">${escapeXml(wrapText(text.shop, 56, 1)[0] ?? '')}</text>`,
    '</svg>',
  ].join('');
}

/** A short, URL-safe hash of the card's SVG: its ETag and the `v` of its URL. */
export function cardVersion(svg: string): string {
  return createHash('sha256').update(svg).digest('base64url').slice(0, 16);
}

const rendered = new LRUCache<string, Buffer>({ max: 64 });

export async function renderCardPng(svg: string): Promise<Buffer> {
  const version = cardVersion(svg);
  const cached = rendered.get(version);
  if (cached) return cached;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  rendered.set(version, png);
  return png;
}
