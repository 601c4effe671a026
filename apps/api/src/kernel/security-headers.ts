/**
 * Helmet's security headers (Content-Security-Policy, X-Frame-Options, ...) on every answer. @fastify/helmet built
 * Helmet's middleware again for every request, parsing the policy each time: about 6 % of a cached nearby answer's
 * time (a profile under bench:nearby's warm load). The headers do not depend on the request, so Helmet runs once at
 * start-up against a stand-in response and every request gets what it wrote.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers Helmet's middleware sets for these options, lower-cased. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return Object.fromEntries(headers);
}

/**
 * Qrib's headers: Helmet's defaults, images also from data: and blob: URLs, plain http not upgraded, and what the
 * map view needs (ADR 013): its workers (a same-origin module, or a blob: copy), and, when MAP_STYLE_URL names a
 * tile service, that service's origin for the style, tiles, sprites and glyphs.
 */
export function securityHeaders(options: { mapStyleUrl?: string | undefined; inlineScriptHashes?: readonly string[] } = {}): Readonly<Record<string, string>> {
  const tileOrigin = options.mapStyleUrl ? [new URL(options.mapStyleUrl).origin] : [];
  const inlineScripts = (options.inlineScriptHashes ?? []).map((hash) => `'${hash}'`);
  return helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        // Served over plain http on localhost too; upgrading would break local use.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin],
        connectSrc: ["'self'", ...tileOrigin],
        // blob: also for index.html's first script, whose worker loads the browser's date and number data (issue 27 §6).
        workerSrc: ["'self'", 'blob:'],
        // The web build's own inline scripts (light or dark and the language before the first paint, the Intl warm-up
        // worker, the early session and nearby requests), each by its hash.
        scriptSrc: ["'self'", ...inlineScripts],
      },
    },
  });
}

/**
 * `sha256-…` of each inline script in the built index.html (none when there is no build): the CSP allows exactly
 * those, so the page runs its first-paint script without a request of its own and nothing else inline runs.
 */
export function inlineScriptHashes(indexHtmlPath: string): string[] {
  if (!existsSync(indexHtmlPath)) return [];
  const html = readFileSync(indexHtmlPath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`);
}

/** Every answer gets the headers, computed once here (errors Fastify raises before routing set them in kernel/server-options.ts's frameworkErrors). */
export default fp(
  async (app, options: { headers: Readonly<Record<string, string>> }) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(options.headers);
      done();
    });
  },
  { name: 'security-headers' },
);
