/**
 * The OpenAPI document describes every answer (issue 25, finding 11): a small property-based fuzzer walks every
 * operation of the document as anonymous, a shopper, an owner and an admin, with inputs generated from the operation's
 * own schemas (valid ones, and invalid ones: wrong types, out of range, missing fields, over-long path params,
 * broken JSON). It fails on any 5xx, on a status the operation does not document, and on a JSON body its documented
 * schema (checked with ajv) refuses. Deterministic: a seeded PRNG, so a failure repeats.
 *
 * Multipart operations get only invalid bodies (JSON, or none); the live stream (text/event-stream) is not called.
 * Operations that end a session or an account run last, each identity's own session last of all.
 */
import { eq } from 'drizzle-orm';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { users } from '../../src/db/schema.ts';
import { buildShop, createOffer } from '../factories.ts';
import { makeJpeg, multipartBody } from '../fixtures.ts';
import { signUp, useTestApp } from '../helpers.ts';

let app: App;
useTestApp({}, (made) => ({ app } = made));

// A deeper run: OPENAPI_FUZZ_SEED=… OPENAPI_FUZZ_CASES=10 (valid and invalid cases each, per operation and caller).
const SEED = Number(process.env.OPENAPI_FUZZ_SEED ?? 20261127);
const VALID_CASES = Number(process.env.OPENAPI_FUZZ_CASES ?? 2);
const INVALID_CASES = VALID_CASES;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

interface Operation {
  method: Uppercase<(typeof HTTP_METHODS)[number]>;
  path: string;
  key: string;
  spec: OperationObject;
}

/** mulberry32: a tiny seeded PRNG, so every run sends the same requests. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => {
    const value = values[Math.floor(next() * values.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  };
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof createRandom>;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TEXTS = ['Pastizzi', 'Ħobż biż-żejt', 'مرحبا', 'नमस्ते', 'caffè', '😀 deal', 'Triq San Pawl'];

/** Values worth trying for ids and numbers: the identities' own resources, small ids, edges. */
interface Known {
  ids: number[];
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function generateString(schema: JsonSchema, random: Random): string {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, min + 40);
  switch (schema.format) {
    case 'date':
      return `2026-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    case 'date-time':
      return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28))).toISOString();
    case 'email':
      return `fuzz${random.int(1, 1e6)}@example.com`;
    case 'uri':
    case 'url':
      return 'https://example.com/x';
    default:
  }
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return generateString({ format: 'date' }, random);
  let text = random.chance(0.5) ? random.pick(TEXTS) : '';
  while (text.length < min) text += LETTERS[random.int(0, LETTERS.length - 1)];
  const length = random.int(min, Math.max(min, max));
  while (text.length < length && random.chance(0.8)) text += LETTERS[random.int(0, LETTERS.length - 1)];
  return [...text].slice(0, Math.max(min, Math.min(text.length, schema.maxLength ?? text.length))).join('');
}

function generateNumber(schema: JsonSchema, random: Random, known: Known, integer: boolean): number {
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? (integer ? 0 : -90));
  const high = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : (schema.maximum ?? (integer ? 1000 : 90));
  if (integer && random.chance(0.6)) {
    const inRange = known.ids.filter((id) => id >= low && id <= high);
    if (inRange.length > 0) return random.pick(inRange);
  }
  const value = low + random.next() * (Math.min(high, low + 1000) - low);
  return integer ? Math.round(value) : Math.round(value * 10_000) / 10_000;
}

/** A value the schema accepts (as far as this small generator knows the schema's rules). */
function generateValid(schema: JsonSchema | undefined, random: Random, known: Known, depth = 0): unknown {
  if (!schema) return random.pick(['x', 1, true]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return generateValid(random.pick(options.filter((option) => option.type !== 'null')), random, known, depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => generateValid(part, random, known, depth)));
  if (schema.nullable && random.chance(0.1)) return null;
  switch (typeOf(schema)) {
    case 'string':
      return generateString(schema, random);
    case 'integer':
      return generateNumber(schema, random, known, true);
    case 'number':
      return generateNumber(schema, random, known, false);
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: depth > 3 ? (schema.minItems ?? 0) : count }, () => generateValid(schema.items, random, known, depth + 1));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || random.chance(0.5)) value[name] = generateValid(property, random, known, depth + 1);
      }
      return value;
    }
    default:
      return random.pick(['x', 1, true, null]);
  }
}

/** A value the schema should refuse: the wrong type, out of range, too long, or an object missing a required field. */
function generateInvalid(schema: JsonSchema | undefined, random: Random, known: Known): unknown {
  const type = schema ? typeOf(schema) : undefined;
  const wrongType = random.pick<unknown>([type === 'string' ? 42 : 'not-a-value', [], { nested: { deeper: true } }, -1, 1e308, '', '%00', 'x'.repeat(3000)]);
  if (!schema || random.chance(0.3)) return wrongType;
  if (type === 'object' && schema.properties) {
    const generated = generateValid(schema, random, known) as Record<string, unknown>;
    const names = Object.keys(schema.properties);
    const required = schema.required ?? [];
    if (required.length > 0 && random.chance(0.5)) {
      const dropped = random.pick(required);
      return Object.fromEntries(Object.entries(generated).filter(([name]) => name !== dropped));
    }
    const value = { ...generated };
    if (names.length > 0) {
      const name = random.pick(names);
      value[name] = generateInvalid(schema.properties[name], random, known);
    }
    return value;
  }
  if ((type === 'integer' || type === 'number') && random.chance(0.7)) {
    return random.pick([(schema.minimum ?? 0) - 1, (schema.maximum ?? 2 ** 31) + 1, 1.5, Number.MAX_SAFE_INTEGER * 4, '12abc']);
  }
  if (type === 'string' && schema.maxLength !== undefined && random.chance(0.5)) return 'y'.repeat(schema.maxLength + 1);
  return wrongType;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface Identity {
  name: 'anonymous' | 'shopper' | 'owner' | 'admin';
  headers: Record<string, string>;
}

interface Mismatch {
  key: string;
  identity: string;
  status: number;
  problem: string;
}

/** Operations that end what the fuzzer stands on (a session, an account, a business): run after all the others. */
function runsLast(operation: Operation): number {
  if (/\/auth\/logout|\/sessions|\/me$|\/close$|password/.test(operation.path) && operation.method !== 'GET') return 1;
  return 0;
}

function documentedStatuses(operation: Operation): string[] {
  return Object.keys(operation.spec.responses ?? {});
}

function jsonSchemaOfAnswer(operation: Operation, status: number): JsonSchema | undefined {
  const response = operation.spec.responses?.[String(status)] ?? operation.spec.responses?.[`${String(status)[0]}XX`] ?? operation.spec.responses?.default;
  const content = response?.content;
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

describe('the OpenAPI document', () => {
  it('describes every answer of every operation to every kind of caller (seeded fuzzing)', { timeout: 600_000 }, async () => {
    await app.ready();
    const document = app.swagger() as { paths: Record<string, Record<string, OperationObject>>; components?: unknown };

    const shopper = await signUp(app);
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner);
    const admin = await signUp(app);
    await app.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    // A receipt waiting for its check, so the receipt lists answer one (its reasonCode is null).
    const receiptUpload = multipartBody({ vendorId: owner.vendorId, offerId }, [{ field: 'files', filename: 'r.jpg', contentType: 'image/jpeg', content: await makeJpeg(320, 480) }]);
    const uploaded = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', ...receiptUpload, cookies: shopper.cookies });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const receiptId = uploaded.json<{ data: { receiptId: number } }>().data.receiptId;
    const known: Known = { ids: [1, 2, owner.vendorId, offerId, receiptId, shopper.userId, owner.userId, 999_999] };
    const identities: Identity[] = [
      { name: 'anonymous', headers: {} },
      { name: 'shopper', headers: { authorization: `Bearer ${shopper.token}` } },
      { name: 'owner', headers: { authorization: `Bearer ${owner.token}` } },
      { name: 'admin', headers: { authorization: `Bearer ${admin.token}` } },
    ];

    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const spec = item[method];
        if (!spec) continue;
        const upper = method.toUpperCase() as Operation['method'];
        operations.push({ method: upper, path, key: `${upper} ${path}`, spec });
      }
    }
    operations.sort((a, b) => runsLast(a) - runsLast(b));
    // The walk really covers the API (a broken walk would prove nothing).
    expect(operations.length).toBeGreaterThan(60);

    const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
    const validators = new Map<JsonSchema, ValidateFunction>();
    const validatorOf = (schema: JsonSchema) => {
      let validate = validators.get(schema);
      if (!validate) {
        validate = ajv.compile(schema);
        validators.set(schema, validate);
      }
      return validate;
    };

    const random = createRandom(SEED);
    const mismatches: Mismatch[] = [];
    let requests = 0;
    let skippedStreams = 0;

    for (const identity of identities) {
      for (const operation of operations) {
        const bodyContent = operation.spec.requestBody?.content ?? {};
        const isMultipart = 'multipart/form-data' in bodyContent;
        const bodySchema = bodyContent['application/json']?.schema;
        const answersStream = jsonSchemaOfAnswer(operation, 200)?.description === 'text/event-stream';
        if (answersStream) {
          skippedStreams += 1;
          continue;
        }
        // The shopper's last case of a state change comes with the session cookie from another site.
        const crossSiteCase = identity.name === 'shopper' && operation.method !== 'GET' ? 1 : 0;
        for (let index = 0; index < VALID_CASES + INVALID_CASES + crossSiteCase; index += 1) {
          const valid = index < VALID_CASES;
          const parameters = operation.spec.parameters ?? [];
          // Invalid cases spoil one part at a time: a path param, the query, or the body.
          const spoil = valid ? 'none' : random.pick(['path', 'query', 'body', 'long-path'] as const);
          let path = operation.path;
          const query = new URLSearchParams();
          for (const parameter of parameters) {
            if (parameter.in === 'path') {
              let value = asText(generateValid(parameter.schema, random, known));
              if (spoil === 'path') value = encodeURIComponent(asText(generateInvalid(parameter.schema, random, known)));
              // An empty segment is another URL (no route has it), not this operation with a bad param: a blank one is.
              if (value === '') value = encodeURIComponent(' ');
              if (spoil === 'long-path') value = '9'.repeat(150);
              path = path.replace(`{${parameter.name}}`, encodeURIComponent(value).slice(0, 4000));
            } else if (parameter.in === 'query') {
              if (!parameter.required && random.chance(0.4)) continue;
              const value = spoil === 'query' && random.chance(0.6) ? generateInvalid(parameter.schema, random, known) : generateValid(parameter.schema, random, known);
              query.set(parameter.name, asText(value));
            }
          }
          // A path with no params spoils its query or body instead.
          const url = `${path.replace(/\{[^}]+\}/g, 'x')}${query.size > 0 ? `?${query.toString()}` : ''}`;
          const headers: Record<string, string> =
            index === VALID_CASES + INVALID_CASES ? { cookie: `auth_token=${shopper.token}`, 'sec-fetch-site': 'cross-site' } : { ...identity.headers };
          let payload: string | undefined;
          if (operation.method !== 'GET' && operation.method !== 'DELETE') {
            if (isMultipart && !bodySchema) {
              // Uploads get only bodies they must refuse: JSON instead of multipart, or nothing.
              if (random.chance(0.5)) {
                headers['content-type'] = 'application/json';
                payload = '{"files": []}';
              }
            } else if (spoil === 'body' && random.chance(0.3)) {
              headers['content-type'] = 'application/json';
              payload = '{"broken": ';
            } else if (bodySchema || spoil === 'body') {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(spoil === 'body' ? generateInvalid(bodySchema, random, known) : generateValid(bodySchema, random, known));
            }
          }
          const response = await app.inject({ method: operation.method, url, headers, ...(payload === undefined ? {} : { payload }) });
          requests += 1;
          const status = response.statusCode;
          const record = (problem: string) => mismatches.push({ key: operation.key, identity: identity.name, status, problem });
          if (status >= 500) {
            record(`5xx: ${response.body.slice(0, 200)} (${operation.method} ${url} ${payload ?? ''})`);
            continue;
          }
          const documented = documentedStatuses(operation);
          if (!documented.includes(String(status)) && !documented.includes(`${String(status)[0]}XX`) && !documented.includes('default')) {
            record(`status not documented (has ${documented.join(', ')}): ${response.body.slice(0, 160)}`);
            continue;
          }
          const schema = jsonSchemaOfAnswer(operation, status);
          const contentType = String(response.headers['content-type'] ?? '');
          if (!schema || !contentType.includes('json') || response.body === '') continue;
          const validate = validatorOf(schema);
          if (!validate(response.json())) {
            record(`body fails the schema: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 200)}`);
          }
        }
      }
    }

    const byProblem = new Map<string, Mismatch[]>();
    for (const mismatch of mismatches) {
      const kind = `${mismatch.key} ${mismatch.status} ${mismatch.problem.split(':')[0] ?? ''}`;
      byProblem.set(kind, [...(byProblem.get(kind) ?? []), mismatch]);
    }
    const summary = [...byProblem.entries()].map(([kind, all]) => `${all.length}× ${kind} [${[...new Set(all.map((each) => each.identity))].join(',')}] ${all[0]?.problem ?? ''}`);
    // The figures of the run, for the closing note.
    console.info(`openapi fuzz: ${operations.length} operations, ${requests} requests, ${skippedStreams / identities.length} streaming skipped, ${mismatches.length} mismatches`);
    expect(summary).toEqual([]);
    expect(requests).toBeGreaterThan(operations.length * identities.length * 2);
  });
});
