/**
 * One contract, run against every storage driver: the local folder and S3 (through s3rver, a fake S3 server
 * in-process), so the two drivers cannot drift apart.
 */
import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStorage } from '../src/storage/create-storage.ts';
import { publicUrl } from '../src/storage/public-url.ts';
import type { Storage } from '../src/storage/storage.ts';

interface StorageFixture {
  storage: Storage;
  teardown(): Promise<void>;
}

interface ContractOptions {
  /** False only when the test server cannot serve a second page of a listing (see isDesAvailable). */
  canListPastOnePage: boolean;
}

/**
 * s3rver 3.7.1 encrypts its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node >= 17) refuses
 * unless Node runs with --openssl-legacy-provider: it then answers any truncated listing with InternalError.
 */
function isDesAvailable(): boolean {
  try {
    createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Random bytes and the content-addressed key they would be stored under. */
function sample(folder: string, suffix = '-card.webp', size = 64) {
  const bytes = randomBytes(size);
  return { bytes, key: `${folder}/${sha256(bytes)}${suffix}` };
}

/** A folder no other test uses, so tests sharing one store do not see each other's keys. */
function uniqueFolder(area: 'public' | 'private' = 'public') {
  return `${area}/t-${randomBytes(6).toString('hex')}`;
}

const SHA = sha256(Buffer.from('qrib'));
const INVALID_KEYS = [
  '../etc/passwd',
  'public/x/../../a.png',
  `public/x/../../${SHA}.png`,
  'other/abc.png',
  `other/offers/${SHA}-card.webp`,
  `public/offers/${SHA.toUpperCase()}-card.webp`,
  `/public/offers/${SHA}-card.webp`,
  `public/${SHA}-card.webp`,
  `public/offers/${SHA}`,
  '',
];

function describeStorageContract(
  name: 'local' | 's3',
  setup: () => Promise<StorageFixture>,
  { canListPastOnePage }: ContractOptions = { canListPastOnePage: true },
) {
  describe(`storage contract: ${name}`, () => {
    let fixture: StorageFixture | undefined;
    function storage(): Storage {
      if (!fixture) throw new Error('storage fixture was not set up');
      return fixture.storage;
    }

    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(async () => {
      await fixture?.teardown();
    });

    it('names its driver', () => {
      expect(storage().driver).toBe(name);
    });

    it.each([
      ['-card.webp', 'image/webp'],
      ['.jpg', 'image/jpeg'],
      ['.jpeg', 'image/jpeg'],
      ['.png', 'image/png'],
      ['.pdf', 'application/pdf'],
      ['.bin', 'application/octet-stream'],
    ])('returns what was put for a %s key: same bytes, content type and size', async (suffix, contentType) => {
      const { bytes, key } = sample(uniqueFolder('private'), suffix, 5000);
      await storage().put(key, bytes, contentType);

      const stored = await storage().get(key);
      expect(stored).toBeDefined();
      if (!stored) return;
      expect(stored.contentType).toBe(contentType);
      expect(stored.byteSize).toBe(bytes.length);
      expect((await buffer(stored.body)).equals(bytes)).toBe(true);
    });

    it('stores an empty object', async () => {
      const folder = uniqueFolder();
      const empty = Buffer.alloc(0);
      const key = `${folder}/${sha256(empty)}.png`;
      await storage().put(key, empty, 'image/png');

      const stored = await storage().get(key);
      expect(stored?.byteSize).toBe(0);
      if (!stored) return;
      expect((await buffer(stored.body)).length).toBe(0);
    });

    it('overwrites harmlessly when the same key is put twice', async () => {
      const { bytes, key } = sample(uniqueFolder());
      await storage().put(key, bytes, 'image/webp');
      await storage().put(key, bytes, 'image/webp');

      const stored = await storage().get(key);
      if (!stored) throw new Error('expected the object');
      expect((await buffer(stored.body)).equals(bytes)).toBe(true);
      expect(await storage().list(path.posix.dirname(key))).toEqual([key]);
    });

    it('says whether a key exists', async () => {
      const { bytes, key } = sample(uniqueFolder());
      expect(await storage().exists(key)).toBe(false);
      await storage().put(key, bytes, 'image/webp');
      expect(await storage().exists(key)).toBe(true);
    });

    it('returns undefined for a missing key', async () => {
      expect(await storage().get(sample(uniqueFolder()).key)).toBeUndefined();
    });

    it('deletes, and deleting twice or deleting a missing key is not an error', async () => {
      const { bytes, key } = sample(uniqueFolder());
      await storage().put(key, bytes, 'image/webp');

      await storage().delete(key);
      expect(await storage().exists(key)).toBe(false);
      expect(await storage().get(key)).toBeUndefined();
      await expect(storage().delete(key)).resolves.toBeUndefined();
      await expect(storage().delete(sample(uniqueFolder()).key)).resolves.toBeUndefined();
    });

    it('lists exactly the keys under a folder prefix, recursively and sorted', async () => {
      const folder = uniqueFolder();
      const inside = [
        sample(folder),
        sample(folder, '.jpg'),
        sample(`${folder}/nested`, '-thumb.webp'),
      ];
      const outside = [
        sample(`${folder}-sibling`), // shares the string prefix but is another folder
        sample(folder.replace(/^public/, 'private')),
      ];
      await Promise.all([...inside, ...outside].map(({ key, bytes }) => storage().put(key, bytes, 'image/webp')));

      const expected = inside.map(({ key }) => key).sort();
      expect(await storage().list(folder)).toEqual(expected);
      expect(await storage().list(`${folder}/`)).toEqual(expected);
      expect(await storage().list(`${folder}/nested`)).toEqual([inside[2]?.key]);
      expect(await storage().list(`${folder}-sibling`)).toEqual([outside[0]?.key]);
      expect(await storage().list(`${uniqueFolder()}`)).toEqual([]);
      expect(await storage().list('elsewhere')).toEqual([]);
    });

    // s3rver encrypts its continuation tokens with DES, which Node 20's OpenSSL 3 refuses, so paging is only
    // checked where the backend can page (the local driver; s3rver under --openssl-legacy-provider).
    if (canListPastOnePage) it('lists more keys than one S3 page (1000)', async () => {
      const folder = uniqueFolder();
      const samples = Array.from({ length: 1003 }, () => sample(folder, '.png', 8));
      // A bounded number in flight: s3rver (and a real bucket) do better than with a thousand at once.
      for (let start = 0; start < samples.length; start += 50) {
        await Promise.all(
          samples.slice(start, start + 50).map(({ key, bytes }) => storage().put(key, bytes, 'image/png')),
        );
      }
      expect(await storage().list(folder)).toEqual(samples.map(({ key }) => key).sort());
    });

    it('lists only the objects last written before modifiedBefore', async () => {
      const folder = uniqueFolder('private');
      const { bytes, key } = sample(folder, '.zip');
      await storage().put(key, bytes, 'application/zip');
      expect(await storage().list(folder, { modifiedBefore: new Date(Date.now() - 3_600_000) })).toEqual([]);
      expect(await storage().list(folder, { modifiedBefore: new Date(Date.now() + 60_000) })).toEqual([key]);
    });

    it('never removes a stored object when removing half-written ones', async () => {
      const { bytes, key } = sample(uniqueFolder());
      await storage().put(key, bytes, 'image/webp');
      await storage().removeTemporary(new Date(Date.now() + 60_000));
      expect(await storage().exists(key)).toBe(true);
    });

    it.each(['../', 'public/../private', '/public', 'public//offers', 'Public'])(
      'refuses the list prefix %j',
      async (prefix) => {
        await expect(storage().list(prefix)).rejects.toThrow(/Invalid storage prefix/);
      },
    );

    it.each(INVALID_KEYS)('refuses the key %j in put, get, exists and delete', async (key) => {
      await expect(storage().put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid storage key/);
      await expect(storage().get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage().exists(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage().delete(key)).rejects.toThrow(/Invalid storage key/);
    });
  });
}

describeStorageContract('local', async () => {
  const rootDir = await mkdtemp(path.join(tmpdir(), 'qrib-storage-'));
  return {
    storage: createStorage({ driver: 'local', rootDir }),
    teardown: () => rm(rootDir, { recursive: true, force: true }),
  };
});

describeStorageContract(
  's3',
  async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'qrib-s3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: 'qrib-test' }],
    });
    const { port } = await server.run();
    return {
      storage: createStorage({
        driver: 's3',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'qrib-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
      teardown: async () => {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
  { canListPastOnePage: isDesAvailable() },
);

describe('local storage files', () => {
  it('leaves no temporary file behind after a put', async () => {
    const rootDir = await mkdtemp(path.join(tmpdir(), 'qrib-storage-'));
    try {
      const storage = createStorage({ driver: 'local', rootDir });
      const { bytes, key } = sample('public/offers');
      await storage.put(key, bytes, 'image/webp');
      expect(await readdir(path.join(rootDir, 'public', 'offers'))).toEqual([path.posix.basename(key)]);
    } finally {
      await rm(rootDir, { recursive: true, force: true });
    }
  });
});

describe('local storage half-written files (issue 25)', () => {
  let rootDir: string;
  beforeEach(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'qrib-storage-'));
  });
  afterEach(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  /** A temp file as a put that died leaves it, last touched `ageMs` ago. */
  async function leaveTempFile(key: string, ageMs: number): Promise<string> {
    const folder = path.join(rootDir, ...path.posix.dirname(key).split('/'));
    await mkdir(folder, { recursive: true });
    const name = `.${path.posix.basename(key)}.${randomUUID()}.tmp`;
    await writeFile(path.join(folder, name), 'half');
    const time = new Date(Date.now() - ageMs);
    await utimes(path.join(folder, name), time, time);
    return name;
  }

  it('removes the ones older than the grace period, and only those', async () => {
    const storage = createStorage({ driver: 'local', rootDir });
    const stored = sample('public/offers');
    await storage.put(stored.key, stored.bytes, 'image/webp');
    const old = await leaveTempFile(sample('public/offers').key, 2 * 3_600_000);
    const oldPrivate = await leaveTempFile(sample('private/receipts/2026').key, 2 * 3_600_000);
    const fresh = await leaveTempFile(sample('public/offers').key, 0);
    // A dot file that is no put's copy.
    await writeFile(path.join(rootDir, 'public', 'offers', '.keep'), '');

    expect(await storage.removeTemporary(new Date(Date.now() - 3_600_000))).toBe(2);
    expect((await readdir(path.join(rootDir, 'public', 'offers'))).sort()).toEqual([fresh, '.keep', path.posix.basename(stored.key)].sort());
    expect(await readdir(path.join(rootDir, 'private', 'receipts', '2026'))).not.toContain(oldPrivate);
    expect(old).toMatch(/\.tmp$/);
  });

  it('deletes a key with the half-written copies of it, not those of other keys', async () => {
    const storage = createStorage({ driver: 'local', rootDir });
    const dying = sample('public/offers');
    const other = sample('public/offers');
    await leaveTempFile(dying.key, 0);
    const othersCopy = await leaveTempFile(other.key, 0);
    await storage.delete(dying.key);
    expect(await readdir(path.join(rootDir, 'public', 'offers'))).toEqual([othersCopy]);
  });
});

describe('publicUrl', () => {
  it('serves public keys under /uploads', () => {
    expect(publicUrl(`public/offers/${SHA}-card.webp`)).toBe(`/uploads/public/offers/${SHA}-card.webp`);
  });

  it('refuses private and invalid keys', () => {
    expect(() => publicUrl(`private/documents/${SHA}.pdf`)).toThrow(/Not a public storage key/);
    expect(() => publicUrl('public/x/../../a.png')).toThrow(/Invalid storage key/);
  });
});
