/**
 * Reads a multipart request into text fields and the files of one field as they arrive (issue 25): each file's
 * type is checked from its first bytes and its size as it grows, so a wrong or oversized file is answered at once
 * (415, 413) and the rest of the body is discarded unread; accepted files stream to temporary files with their
 * sha256 computed on the way, counted against the process's upload budget (503 when it is full). The temporary
 * files go when the request ends (plugins/uploads.ts). Nothing is stored here: routes validate everything first,
 * then write (so a refused request leaves no file behind).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { codeOfIssueMessage, type MessageKey } from '@qrib/shared';
import type { z } from 'zod';
import { DomainError, type FieldCodes, type MessageParams, onField } from './domain-error.ts';
import type { RequestUploads } from './upload-budget.ts';

/** An accepted file, held in a temporary file until the request ends. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  /** The temporary file with the bytes as sent (removed when the request ends). */
  path: string;
  byteSize: number;
  /** Of the bytes as sent. */
  sha256: string;
  kind: FileKind;
}

/** The bytes of an accepted file, read when it is its turn (one at a time keeps memory to one file). */
export function readUploadedFile(file: UploadedFile): Promise<Buffer> {
  return readFile(file.path);
}

/** File types told by their first bytes (the content decides later whether they really are). */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'pdf';

/** Enough of the start of a file to tell every FileKind. */
const SNIFF_BYTES = 12;

/** What the first bytes say a file is; undefined for anything else (or too short to be one). */
export function sniffFileKind(head: Buffer): FileKind | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return undefined;
}

/** How long a client told "busy" should wait before sending again. */
export const UPLOADS_BUSY_RETRY_AFTER_SECONDS = 30;

export interface MultipartOptions {
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The types the route takes, and the refusal (415) of any other. */
  accepts: readonly FileKind[];
  wrongType: MessageKey;
  /** The refusal of a file over maxFileBytes (413) and of more than maxFiles files (400). */
  tooLarge: MessageKey;
  tooMany: { code: MessageKey; params?: MessageParams };
}

function uploadsBusy(): DomainError {
  return new DomainError('unavailable', 'uploadsBusy', {}, undefined, { 'retry-after': String(UPLOADS_BUSY_RETRY_AFTER_SECONDS) });
}

/**
 * A temporary file to write to. Its failure (a full disk, say) is read from `errored` by write and close: without a
 * listener, one that comes between two chunks, when nothing awaits the stream, would be uncaught and end the process.
 */
async function openTemporaryFile(uploads: RequestUploads): Promise<WriteStream> {
  const target = createWriteStream(await uploads.newTemporaryPath());
  target.on('error', () => undefined);
  return target;
}

async function write(target: WriteStream, chunk: Buffer): Promise<void> {
  // A failed stream takes no more writes and never drains: waiting for it would hang the request.
  if (target.errored) throw target.errored;
  if (!target.write(chunk)) await once(target, 'drain');
}

async function close(target: WriteStream): Promise<void> {
  if (target.errored) throw target.errored;
  if (target.closed) return;
  target.end();
  await once(target, 'close');
  if (target.errored) throw target.errored;
}

/** Streams one file part to a temporary file, refusing it as soon as its type or size is wrong. */
async function receiveFile(
  part: { filename: string; mimetype: string; file: AsyncIterable<Buffer> & { truncated: boolean } },
  uploads: RequestUploads,
  options: MultipartOptions,
  /** What to reserve once the first file of the request passes the first-bytes check. */
  ahead: number,
): Promise<UploadedFile | undefined> {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let kind: FileKind | undefined;
  let byteSize = 0;
  let target: WriteStream | undefined;
  const refuseUnlessAccepted = (sniffed: FileKind | undefined): FileKind => {
    if (sniffed === undefined || !options.accepts.includes(sniffed)) throw new DomainError('unsupported', options.wrongType);
    return sniffed;
  };
  try {
    for await (const chunk of part.file) {
      byteSize += chunk.length;
      if (part.file.truncated || byteSize > options.maxFileBytes) throw new DomainError('too-large', options.tooLarge);
      if (kind === undefined) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES) {
          kind = refuseUnlessAccepted(sniffFileKind(head));
          if (!uploads.reserveAhead(ahead)) throw uploadsBusy();
        }
      }
      if (!uploads.reserve(chunk.length)) throw uploadsBusy();
      hash.update(chunk);
      target ??= await openTemporaryFile(uploads);
      await write(target, chunk);
    }
    if (part.file.truncated) throw new DomainError('too-large', options.tooLarge);
    // An empty file input still sends a part with no name and no bytes.
    if (byteSize === 0 && !part.filename) return undefined;
    kind ??= refuseUnlessAccepted(sniffFileKind(head));
    target ??= await openTemporaryFile(uploads);
    const filePath = target.path.toString();
    await close(target);
    return { filename: part.filename, mimetype: part.mimetype, path: filePath, byteSize, sha256: hash.digest('hex'), kind };
  } finally {
    // Closed (and opened, if it was still opening) before anything removes the file, so none is made afterwards.
    if (target && !target.closed) {
      target.destroy();
      await once(target, 'close');
    }
  }
}

/** Discards what is left of a refused request's body, so the client can finish sending and read the answer. */
function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw new DomainError('unsupported', 'unsupportedMediaType', { contentType: request.headers['content-type'] ?? 'none' });
  }
  const uploads = request.server.uploads.forRequest(request);
  // The body's declared length, up to what the route can take: reserved when its first file looks right.
  const declared = Number(request.headers['content-length']);
  const ahead = Number.isSafeInteger(declared) ? Math.min(declared, options.maxFiles * options.maxFileBytes) : 0;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let fileCount = 0;
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles + 20, fields: 50, fieldSize: 20_000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          continue;
        }
        fileCount += 1;
        if (fileCount > options.maxFiles) throw new DomainError('invalid', options.tooMany.code, options.tooMany.params);
        const file = await receiveFile(part, uploads, options, ahead);
        if (file) files.push(file);
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw new DomainError('invalid', 'nulCharacter', {}, onField(part.fieldname, 'nulCharacter'));
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    discardRestOfBody(request);
    // Nothing of a refused request is kept a moment longer than needed.
    await uploads.dispose();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('too-large', options.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new DomainError('invalid', options.tooMany.code, options.tooMany.params);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new DomainError('too-large', 'bodyTooLarge');
    if (error instanceof DomainError) throw error;
    // A cut-off body, a missing boundary or other malformed form data is the sender's to fix.
    throw new DomainError('invalid', 'multipartInvalid');
  }
  return { fields, files };
}

/** Validates with a shared schema; a failure is a 400 naming the first failing rule and every field. */
export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldCodes: FieldCodes = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in fieldCodes)) fieldCodes[field] = codeOfIssueMessage(issue.message);
  }
  const first = codeOfIssueMessage(result.error.issues[0]?.message ?? '');
  throw new DomainError('invalid', first.code, first.params, fieldCodes);
}
