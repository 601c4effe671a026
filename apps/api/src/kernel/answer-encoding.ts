/**
 * Compressing answers (issue 12): the one place that says which encodings the API speaks, how hard it compresses
 * answers made per request, and from what size it bothers. app.ts gives @fastify/compress these settings; the
 * nearby route compresses its pre-written JSON itself (domains/nearby/cache.ts keeps the copies).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type AnswerEncoding = 'br' | 'gzip';
/** Preferred first: brotli is smaller than gzip for the same time at these settings. */
export const ANSWER_ENCODINGS: readonly AnswerEncoding[] = ['br', 'gzip'];
/** Below this an answer is sent as it is: the saving would not pay for the work and the header. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality for answers made per request. Measured on a nearby page: quality 3 costs about 60 % of quality 4's
 * time for 2 % more bytes (both about a sixteenth of the JSON); 11, used for the static build, takes ~20 ms.
 */
export const DYNAMIC_BROTLI_QUALITY = 3;
export const DYNAMIC_GZIP_LEVEL = 6;

/**
 * The encoding to answer in for an Accept-Encoding header: br, else gzip, among those the client accepts (q > 0;
 * `*` stands for any not named), or undefined for the identity.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): AnswerEncoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q=([0-9.]+)$/i.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*');
  return ANSWER_ENCODINGS.find((encoding) => (weights.get(encoding) ?? any ?? 0) > 0);
}

/** `body` compressed for an answer made per request. */
export function encodeAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
