/**
 * The one JSON body parser: Fastify's own (prototype poisoning refused), then one iterative walk that refuses a body
 * nested deeper than any of ours (recursion over it would overflow the stack) and NUL, which PostgreSQL text cannot
 * hold. Every route gets it, whatever its schema, before anything else walks the body. JSON only: no text/plain
 * parser, so a cross-site "simple" form post cannot reach a JSON route.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH } from '@qrib/shared';
import { DomainError } from './domain-error.ts';

export function useJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Fastify's default JSON parser is the callback kind and returns nothing; its type is the union of the callback
    // and the async kinds, hence the void.
    void parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = findJsonProblem(value);
      if (problem === 'too-deep') return done(new DomainError('invalid', 'jsonTooDeep', { max: MAX_JSON_DEPTH }));
      if (problem === 'nul') return done(new DomainError('invalid', 'nulCharacter'));
      return done(null, value);
    });
  });
}

/** What a parsed JSON body must not hold, found without recursion: nesting past MAX_JSON_DEPTH, or NUL in any text or key. */
function findJsonProblem(body: unknown): 'too-deep' | 'nul' | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return 'too-deep';
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'nul';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}
