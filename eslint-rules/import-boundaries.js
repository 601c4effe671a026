// @ts-check
/**
 * A small local ESLint rule (no resolver dependency): resolves each relative import against the importing
 * file and reports it when it crosses a forbidden boundary. Zones: { target, from, except?, message }, with
 * paths relative to the repository root, like import-x/no-restricted-paths.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @param {string} child @param {string} parent */
function isInside(child, parent) {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between folders' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    /** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
    const zones = context.options[0]?.zones ?? [];
    const list = (/** @type {string | string[]} */ value) => (Array.isArray(value) ? value : [value]);
    const file = context.filename;
    const applicable = zones.filter((zone) => list(zone.target).some((target) => isInside(file, path.join(root, target))));
    if (applicable.length === 0) return {};

    /** @param {any} node */
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of applicable) {
        for (const from of list(zone.from)) {
          const fromDir = path.join(root, from);
          if (!isInside(imported, fromDir)) continue;
          const allowed = (zone.except ?? []).some((except) => isInside(imported, path.join(fromDir, except)));
          if (!allowed) context.report({ node: node.source, message: `${zone.message} (${source})` });
        }
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
