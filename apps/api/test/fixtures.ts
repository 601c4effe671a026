/** Test files made in the test: real images from sharp, fakes, and multipart bodies for app.inject. */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export async function makePng(width = 64, height = 48, seed = Math.random()): Promise<Buffer> {
  const colour = Math.floor(seed * 0xffffff);
  return sharp({
    create: { width, height, channels: 3, background: { r: colour & 0xff, g: (colour >> 8) & 0xff, b: (colour >> 16) & 0xff } },
  })
    .png()
    .toBuffer();
}

export async function makeJpeg(width = 64, height = 48, options: { orientation?: number; gps?: boolean } = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: Math.floor(Math.random() * 255) } } }).jpeg();
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.gps) image = image.withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'secret-location-35.9N' } });
  return image.toBuffer();
}

/** A photo-like JPEG of about the given size (noise does not compress). */
export async function makeLargeJpeg(targetBytes: number): Promise<Buffer> {
  // Noise at quality 92 costs about 0.88 bytes a pixel.
  const side = Math.ceil(Math.sqrt(targetBytes / 0.88));
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** A tiny PNG whose header claims the given size: enough to test refusing it before a full decode. */
export async function makePngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export function multipartBody(fields: Record<string, string | number | boolean | undefined>, files: FilePart[] = []) {
  const boundary = `----qrib${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder (recursively), to prove a refused request stored nothing. */
export function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}
