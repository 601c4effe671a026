import { z } from 'zod';

export const categorySchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  description: z.string(),
  iconUrl: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.object({ data: z.array(categorySchema) });

