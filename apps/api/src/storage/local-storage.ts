/** The default storage driver: objects are files under one root folder (DATA_DIR/uploads). */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
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
      const temp = path.join(folder, `.${path.basename(target)}.${randomUUID()}.tmp`);
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
      await rm(filePath(key), { force: true });
    },

    async list(prefix) {
      const folder = toFolderPrefix(prefix);
      const start = path.join(root, ...folder.split('/').filter(Boolean));
      let entries;
      try {
        entries = await readdir(start, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (hasErrorCode(error, 'ENOENT', 'ENOTDIR')) return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter(isValidKey)
        .sort();
    },
  };
}
