/**
 * The built index.html's inline script (the dark-mode guess before the first paint) runs under the CSP by its
 * hash: the policy names exactly the inline scripts of the build being served, and no other inline code.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { inlineScriptHashes } from '../../src/kernel/security-headers.ts';
import { createTestApp, createTestDatabase, type TestDatabase } from '../helpers.ts';

const FIRST_PAINT = "\n      if (localStorage.getItem('qrib.darkMode') === 'true') document.documentElement.classList.add('dark');\n    ";
const INDEX = `<!doctype html><html><head>
    <script>${FIRST_PAINT}</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <script src="/legacy.js"></script>
  </head><body><div id="root"></div></body></html>`;
const hashOf = (code: string) => `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;

let testDb: TestDatabase;
let app: App;
let webDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  webDir = mkdtempSync(path.join(tmpdir(), 'qrib-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  app = await createTestApp(testDb.database, { webDistDir: webDir });
});

afterAll(async () => {
  await app.close();
  await testDb.drop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written, and only those', () => {
    expect(inlineScriptHashes(path.join(webDir, 'index.html'))).toEqual([hashOf(FIRST_PAINT)]);
  });

  it('is empty without a build', () => {
    expect(inlineScriptHashes(path.join(webDir, 'missing', 'index.html'))).toEqual([]);
  });
});

describe('the CSP', () => {
  it("allows the build's inline script by its hash on every answer, the page included", async () => {
    for (const url of ['/', '/login', '/healthz', '/api/v1/categories']) {
      const response = await app.inject({ method: 'GET', url });
      const scriptSrc = String(response.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src '));
      expect(scriptSrc?.trim()).toBe(`script-src 'self' '${hashOf(FIRST_PAINT)}'`);
      // index.html's first script starts its Intl warm-up worker from a blob: URL (issue 27 §6).
      const workerSrc = String(response.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('worker-src '));
      expect(workerSrc?.trim().split(/\s+/)).toContain('blob:');
    }
  });

  it('allows no inline script when the build has none', async () => {
    const bare = await createTestApp(testDb.database, { webDistDir: path.join(webDir, 'missing') });
    try {
      const policy = String((await bare.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain('sha256-');
    } finally {
      await bare.close();
    }
  });
});
