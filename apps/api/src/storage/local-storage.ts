/** The default storage driver: objects are files under one root folder (DATA_DIR/uploads). */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { assertValidKey, isValidKey, toFolderPrefix, type Storage, type StoredObject } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** Keys end in the extension of what they hold, so no sidecar file is needed to remember the type. */
export function contentTypeForKey(key: string): string {
  const extension = path.posix.extname(key).slice(1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * A half-written file: put() writes `.<name>.<uuid>.tmp` beside the key and renames it when whole (the dot keeps it
 * out of list()). The only files of the uploads folder that match.
 */
const TEMP_FILE_PATTERN = /^\..+\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

function tempFileName(key: string): string {
  return `.${path.posix.basename(key)}.${randomUUID()}.tmp`;
}

function isTempFileOf(name: string, key: string): boolean {
  const prefix = `.${path.posix.basename(key)}.`;
  return TEMP_FILE_PATTERN.test(name) && name.startsWith(prefix) && name.length === prefix.length + 36 + 4;
}

function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const filePath = (key: string) => path.join(root, ...key.split('/'));

  return {
    driver: 'local',

    async put(key, body) {
      assertValidKey(key);
      const target = filePath(key);
      const folder = path.dirname(target);
      await mkdir(folder, { recursive: true });
      // Same folder so the rename is atomic (same filesystem): readers see the whole file or none. The dot
      // prefix keeps a half-written file out of list() even if the process dies before cleaning it up.
      const temp = path.join(folder, tempFileName(key));
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(body);
          // Without the sync a crash right after the rename can leave an empty file under a content key,
          // which exists() would then report as stored forever.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredObject | undefined> {
      assertValidKey(key);
      let handle: FileHandle;
      try {
        handle = await open(filePath(key), 'r');
      } catch (error) {
        if (hasErrorCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return undefined;
        throw error;
      }
      // Size and stream come from the same open file, so a concurrent delete or rewrite cannot mismatch them.
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return undefined;
        }
        return { body: handle.createReadStream(), contentType: contentTypeForKey(key), byteSize: stats.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async exists(key) {
      assertValidKey(key);
      try {
        return (await stat(filePath(key))).isFile();
      } catch (error) {
        if (hasErrorCode(error, 'ENOENT', 'ENOTDIR')) return false;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      const target = filePath(key);
      await rm(target, { force: true });
      // A put of this key that died midway (pending uploads of a dead process are deleted at start-up, issue 25).
      let names: string[];
      try {
        names = await readdir(path.dirname(target));
      } catch (error) {
        if (hasErrorCode(error, 'ENOENT', 'ENOTDIR')) return;
        throw error;
      }
      await Promise.all(names.filter((name) => isTempFileOf(name, key)).map((name) => rm(path.join(path.dirname(target), name), { force: true })));
    },

    async list(prefix, options = {}) {
      const folder = toFolderPrefix(prefix);
      const start = path.join(root, ...folder.split('/').filter(Boolean));
      const keys = (await listFiles(start))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter(isValidKey)
        .sort();
      const { modifiedBefore } = options;
      if (!modifiedBefore) return keys;
      const modified = await Promise.all(keys.map((key) => modifiedAt(filePath(key))));
      return keys.filter((_key, index) => {
        const time = modified[index];
        return time !== undefined && time < modifiedBefore.getTime();
      });
    },

    async removeTemporary(olderThan) {
      let removed = 0;
      for (const entry of await listFiles(root)) {
        if (!TEMP_FILE_PATTERN.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const time = await modifiedAt(file);
        if (time === undefined || time >= olderThan.getTime()) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

/** Every file under a folder, recursively; none when it does not exist. */
async function listFiles(folder: string): Promise<Dirent[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile());
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT', 'ENOTDIR')) return [];
    throw error;
  }
}

/** A file's last write in ms, or undefined when it went meanwhile. */
async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT', 'ENOTDIR')) return undefined;
    throw error;
  }
}
