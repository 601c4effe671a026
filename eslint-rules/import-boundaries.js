// @ts-check
/**
 * A small local ESLint rule (no resolver dependency): resolves each relative import against the importing
 * file and reports it when it crosses a forbidden boundary. Zones, like import-x/no-restricted-paths:
 * - `target`: the files the zone applies to, `targetExcept`: files it does not (paths or globs from the repository root);
 * - `from`: what those files may not import: folders or files (paths or globs starting with `.`) or packages
 *   (`drizzle-orm` covers `drizzle-orm/pg-core` too); `except`: what stays allowed, relative to each `from` folder;
 * - `allowTypeImports`: an import of types only (`import type`, or every name marked `type`) passes;
 * - `message`: what to do instead.
 * In a glob, `*` is any name within one folder and `**` any number of folders.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @param {string} child @param {string} parent */
function isInside(child, parent) {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * A test of "is this file the path, or inside it" for a path or glob relative to `base`.
 * @param {string} pattern @param {string} base @returns {(file: string) => boolean}
 */
function pathMatcher(pattern, base) {
  const absolute = path.join(base, pattern);
  if (!absolute.includes('*')) return (file) => isInside(file, absolute);
  const source = absolute
    .split(/(\/\*\*\/|\/\*\*$|\*)/)
    .map((part) => {
      if (part === '/**/') return '/(?:.*/)?';
      if (part === '/**') return '(?:/.*)?';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const regex = new RegExp(`^${source}(?:/.*)?$`);
  return (file) => regex.test(file);
}

/** @param {string | string[] | undefined} value */
const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** @param {any} node */
function isTypeOnly(node) {
  if (node.type === 'ImportDeclaration') {
    if (node.importKind === 'type') return true;
    const specifiers = node.specifiers ?? [];
    return specifiers.length > 0 && specifiers.every((/** @type {any} */ specifier) => specifier.importKind === 'type');
  }
  if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') {
    if (node.exportKind === 'type') return true;
    const specifiers = node.specifiers ?? [];
    return specifiers.length > 0 && specifiers.every((/** @type {any} */ specifier) => specifier.exportKind === 'type');
  }
  return false;
}

/**
 * @typedef {{ target: string | string[]; targetExcept?: string[]; from: string | string[]; except?: string[];
 *   allowTypeImports?: boolean; message: string }} Zone
 */

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between folders' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                targetExcept: { type: 'array', items: { type: 'string' } },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                allowTypeImports: { type: 'boolean' },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    /** @type {Zone[]} */
    const zones = context.options[0]?.zones ?? [];
    const file = context.filename;
    const applicable = zones
      .filter(
        (zone) =>
          list(zone.target).some((target) => pathMatcher(target, root)(file)) &&
          !list(zone.targetExcept).some((excepted) => pathMatcher(excepted, root)(file)),
      )
      .map((zone) => ({
        zone,
        from: list(zone.from).map((from) => {
          if (!from.startsWith('.')) return (/** @type {string} */ source) => source === from || source.startsWith(`${from}/`);
          const inFrom = pathMatcher(from, root);
          const excepted = list(zone.except).map((except) => pathMatcher(except, path.join(root, from)));
          return (/** @type {string} */ source) => {
            if (!source.startsWith('.')) return false;
            const imported = path.resolve(path.dirname(file), source);
            return inFrom(imported) && !excepted.some((allowed) => allowed(imported));
          };
        }),
      }));
    if (applicable.length === 0) return {};

    /** @param {any} node */
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      for (const { zone, from } of applicable) {
        if (zone.allowTypeImports && isTypeOnly(node)) continue;
        if (from.some((forbidden) => forbidden(source))) {
          context.report({ node: node.source, message: `${zone.message} (${source})` });
        }
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
