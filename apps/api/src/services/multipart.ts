/**
 * Reads a multipart request into text fields and the files of one field, each file fully buffered under a
 * size limit. Nothing is stored here: routes validate everything first, then write (so a refused request
 * leaves no file behind).
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { codeOfIssueMessage, type MessageKey } from '@qrib/shared';
import type { z } from 'zod';
import type { MessageParams } from '../domain-error.ts';
import { HttpError, onField, type FieldCodes } from '../http-error.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface MultipartOptions {
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The refusal of a file over maxFileBytes (413) and of more than maxFiles files (400). */
  tooLarge: MessageKey;
  tooMany: { code: MessageKey; params?: MessageParams };
  /** 400 when the count is over maxFiles (the default); the spec's form drops extras, the API refuses them. */
}

export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupportedMediaType', { contentType: request.headers['content-type'] ?? 'none' });
  }
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
        const buffer = await part.toBuffer();
        // An empty file input still sends a part with no name and no bytes.
        if (buffer.length === 0 && !part.filename) continue;
        if (fileCount <= options.maxFiles) files.push({ filename: part.filename, mimetype: part.mimetype, buffer });
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw new HttpError(400, 'nulCharacter', {}, onField(part.fieldname, 'nulCharacter'));
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, options.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, options.tooMany.code, options.tooMany.params);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'bodyTooLarge');
    if (error instanceof HttpError) throw error;
    // A cut-off body, a missing boundary or other malformed form data is the sender's to fix.
    throw new HttpError(400, 'multipartInvalid');
  }
  if (fileCount > options.maxFiles) throw new HttpError(400, options.tooMany.code, options.tooMany.params);
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
  throw new HttpError(400, first.code, first.params, fieldCodes);
}
