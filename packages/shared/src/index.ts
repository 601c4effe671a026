export * from './auth-schemas.ts';
export * from './category-schemas.ts';
export * from './constants.ts';
export * from './error-schema.ts';
export * from './languages.ts';
export * from './messages.ts';
export { catalogs, type Catalog } from './i18n/catalogs.ts';
