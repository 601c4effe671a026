import type { Category } from '@qrib/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { categories } from '../../../db/schema.ts';

export function createCategoriesRepository(db: Db) {
  return {
    async list(): Promise<Category[]> {
      return db.select().from(categories).orderBy(asc(categories.categoryId));
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
