import { z } from 'zod';

/** The one error shape every API error has (DESIGN.md §4). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  errorMessage: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
