import { z } from 'zod';
import { MESSAGES, type MessageKey } from './messages.ts';

const messageKeys = Object.keys(MESSAGES) as [MessageKey, ...MessageKey[]];

/** A message as a machine reads it (STYLE.md item 12): its key in MESSAGES and the values it was filled with. */
export const messageCodeSchema = z.enum(messageKeys);
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The one error shape every API error has (DESIGN.md §4). `message` and `fieldErrors` are English, for API
 * clients and the spec's strings; `code`/`params` and `fieldErrorCodes` are what the web app translates.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: messageCodeSchema,
  params: messageParamsSchema,
  fieldErrors: z.record(z.string(), z.string()).optional(),
  fieldErrorCodes: z.record(z.string(), z.object({ code: messageCodeSchema, params: messageParamsSchema })).optional(),
  errorMessage: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
