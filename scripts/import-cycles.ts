/**
 * Prints the cycles among apps/api/src's modules, following relative imports (type-only ones too: a cycle of
 * types is still two modules that cannot be read apart). Exits 1 when there is one.
 *
 * Run: node --import tsx scripts/import-cycles.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/api/src');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|mts|js|mjs)$/.test(file) && !/\.(test|d)\.ts$/.test(file))
  .map((file) => path.join(root, file));
const importPattern = /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

const edges = new Map<string, string[]>();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(importPattern)].map((match) => path.resolve(path.dirname(file), match[1] ?? match[2] ?? ''));
  edges.set(file, [...new Set(targets)].filter((target) => edges.has(target) || files.includes(target)));
}

// Tarjan's strongly connected components: every component of more than one module (or a module importing itself) is a cycle.
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
function visit(file: string) {
  order.set(file, order.size);
  low.set(file, order.get(file) ?? 0);
  stack.push(file);
  onStack.add(file);
  for (const target of edges.get(file) ?? []) {
    if (!order.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
    } else if (onStack.has(target)) {
      low.set(file, Math.min(low.get(file) ?? 0, order.get(target) ?? 0));
    }
  }
  if (low.get(file) !== order.get(file)) return;
  const component: string[] = [];
  let member: string | undefined;
  do {
    member = stack.pop();
    if (member === undefined) break;
    onStack.delete(member);
    component.push(path.relative(root, member));
  } while (member !== file);
  if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.sort());
}
for (const file of files) if (!order.has(file)) visit(file);

for (const cycle of cycles) console.log(`cycle of ${cycle.length}: ${cycle.join(' ↔ ')}`);
console.log(`${files.length} modules, ${cycles.length} cycle${cycles.length === 1 ? '' : 's'}`);
process.exitCode = cycles.length === 0 ? 0 : 1;
