// @vitest-environment node
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of text files that decompress to the original, and nothing else', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word${index}`))};\n`;
    await writeFile(path.join(dir, 'assets', 'app.js'), script);
    await writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));

    expect(await precompressDirectory(dir)).toBe(1);

    const original = await readFile(path.join(dir, 'assets', 'app.js'));
    const br = await readFile(path.join(dir, 'assets', 'app.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app.js.gz'));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length);
    expect((await readdir(dir)).sort()).toEqual(['assets', 'photo.png', 'tiny.css']);
  });
});
