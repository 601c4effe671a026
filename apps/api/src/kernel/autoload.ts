/**
 * Loaded by where they sit (ADR 020): the plugins of `plugins/` and `domains/<domain>/index.ts` in the order their
 * `fastify-plugin` dependencies give, and every route file under `routes/`, served at its folder's path
 * (`routes/api/v1/vendors/redemptions.ts` under `/api/v1/vendors`, `routes/health.ts` at the root). A folder's
 * `autohooks.ts` runs in the folder's own scope before its routes, so its hooks cover that folder and those below.
 * The folders are read once per process; tests build many apps.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

const FOLDER_HOOKS = 'autohooks.ts';

interface PluginMeta {
  name?: string;
  dependencies?: string[];
}

interface NamedPlugin {
  file: string;
  name: string;
  dependencies: string[];
  plugin: FastifyPluginAsync;
}

interface RouteFolder {
  /** The URL prefix: the folder's path under routes/, '' for routes/ itself. */
  prefix: string;
  hooks: string | undefined;
  files: string[];
  folders: RouteFolder[];
}

/** A module file of the app, not a test, a declaration or a folder's hooks. */
function isModule(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') && name !== FOLDER_HOOKS;
}

async function importDefault(file: string): Promise<FastifyPluginAsync> {
  const module: { default?: unknown } = await import(pathToFileURL(file).href);
  if (typeof module.default !== 'function') throw new Error(`${file}: its default export is not a Fastify plugin`);
  return module.default as FastifyPluginAsync;
}

function metaOf(plugin: FastifyPluginAsync): PluginMeta {
  const meta: unknown = (plugin as unknown as Record<symbol, unknown>)[Symbol.for('plugin-meta')];
  return typeof meta === 'object' && meta !== null ? meta : {};
}

const pluginLists = new Map<string, Promise<NamedPlugin[]>>();

/** Every file of `pluginsDir` and every `index.ts` one folder down `domainsDir`, each a named `fastify-plugin`. */
function listPlugins(pluginsDir: string, domainsDir: string): Promise<NamedPlugin[]> {
  const key = `${pluginsDir}\n${domainsDir}`;
  let listed = pluginLists.get(key);
  if (!listed) {
    listed = (async () => {
      const plugins = (await readdir(pluginsDir)).filter(isModule).map((name) => path.join(pluginsDir, name));
      const domains = (await readdir(domainsDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(domainsDir, entry.name, 'index.ts'));
      return Promise.all(
        [...plugins, ...domains].sort().map(async (file) => {
          const plugin = await importDefault(file);
          const { name, dependencies = [] } = metaOf(plugin);
          if (!name) throw new Error(`${file}: a plugin is wrapped in fastify-plugin with a name`);
          return { file, name, dependencies, plugin };
        }),
      );
    })();
    pluginLists.set(key, listed);
  }
  return listed;
}

/**
 * Registers the plugins, each after every plugin it depends on (dependencies registered before, such as the
 * kernel's `database` and `storage`, count as met); a dependency nobody provides, or a cycle, stops the start.
 */
export async function loadPlugins(app: FastifyInstance, { pluginsDir, domainsDir }: { pluginsDir: string; domainsDir: string }) {
  const pending = [...(await listPlugins(pluginsDir, domainsDir))];
  const provided = new Set(pending.map((each) => each.name));
  while (pending.length > 0) {
    const index = pending.findIndex((each) => each.dependencies.every((dependency) => app.hasPlugin(dependency)));
    const next = pending[index];
    if (!next) {
      const waiting = pending.map((each) => {
        const missing = each.dependencies.filter((dependency) => !app.hasPlugin(dependency));
        const unknown = missing.filter((dependency) => !provided.has(dependency));
        return `${path.basename(path.dirname(each.file))}/${path.basename(each.file)} (${each.name}) waits for ${missing.join(', ')}${unknown.length > 0 ? `; nothing provides ${unknown.join(', ')}` : ''}`;
      });
      throw new Error(`plugins that cannot be ordered: ${waiting.join('; ')}`);
    }
    pending.splice(index, 1);
    await app.register(next.plugin);
  }
}

const routeTrees = new Map<string, Promise<RouteFolder>>();

async function readRouteFolder(dir: string, prefix: string): Promise<RouteFolder> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const folders = entries.filter((entry) => entry.isDirectory());
  return {
    prefix,
    hooks: entries.some((entry) => entry.isFile() && entry.name === FOLDER_HOOKS) ? path.join(dir, FOLDER_HOOKS) : undefined,
    files: entries.filter((entry) => entry.isFile() && isModule(entry.name)).map((entry) => path.join(dir, entry.name)),
    folders: await Promise.all(folders.map((entry) => readRouteFolder(path.join(dir, entry.name), `${prefix}/${entry.name}`))),
  };
}

async function registerFolder(app: FastifyInstance, folder: RouteFolder): Promise<void> {
  // One scope a folder: its hooks reach its routes and its subfolders', and nothing beside them.
  await app.register(async (scope) => {
    if (folder.hooks) await (await importDefault(folder.hooks))(scope, {});
    for (const file of folder.files) await scope.register(await importDefault(file), { prefix: folder.prefix });
    for (const child of folder.folders) await registerFolder(scope, child);
  });
}

/** Registers every route file under `routesDir` with its folder's path as the prefix. */
export async function loadRoutes(app: FastifyInstance, routesDir: string) {
  let tree = routeTrees.get(routesDir);
  if (!tree) {
    tree = readRouteFolder(routesDir, '');
    routeTrees.set(routesDir, tree);
  }
  await registerFolder(app, await tree);
}
