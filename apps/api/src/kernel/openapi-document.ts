/**
 * Corrections to the OpenAPI document the route schemas generate (issue 25: the document must describe every answer).
 *
 * OpenAPI 3.0 reads `nullable: true` beside an `enum` as "null only if the enum lists it" (3.0.3's clarification),
 * but the zod transform writes a nullable enum (`reasonCode: messageCodeSchema.nullable()`) without null in it, so
 * a validator refused every null the API really sends. Null is added to each such enum.
 */
export function allowNullInNullableEnums<T>(document: T): T {
  const pending: unknown[] = [document];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) {
      pending.push(...(next as unknown[]));
    } else if (typeof next === 'object' && next !== null) {
      const schema = next as { nullable?: unknown; enum?: unknown };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
      pending.push(...Object.values(next));
    }
  }
  return document;
}
