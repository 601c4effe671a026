import { describe, expect, it } from 'vitest';
import { storeEachWithRow, type FileStore, type FileToStore, type SettleUploads } from './pending-writes.ts';

function file(key: string): FileToStore {
  return { key, body: Buffer.from(key), contentType: 'image/webp' };
}

/** A store that records the keys it was given and runs `insert` with its own settle. */
function recordingStore() {
  const stored: string[][] = [];
  const settle: SettleUploads = async () => undefined;
  const store: FileStore = {
    async storeFilesWithRows(files, insert) {
      stored.push(files.map((each) => each.key));
      return insert(settle);
    },
  };
  return { store, stored, settle };
}

describe('storeEachWithRow', () => {
  it('stores the files of every row in one call, in order, and inserts the rows in order with the settle', async () => {
    const { store, stored, settle } = recordingStore();
    const items = [
      { files: [file('a-card'), file('a-detail')], row: { position: 0 } },
      { files: [file('b-card'), file('b-detail')], row: { position: 1 } },
    ];
    const answer = await storeEachWithRow(store, items, async (rows, given) => ({ rows, given }));
    expect(stored).toEqual([['a-card', 'a-detail', 'b-card', 'b-detail']]);
    expect(answer.rows).toEqual([{ position: 0 }, { position: 1 }]);
    expect(answer.given).toBe(settle);
  });

  it('passes the insert’s failure on to the store (which removes the files) and to the caller', async () => {
    const { store } = recordingStore();
    const failure = new Error('insert failed');
    await expect(storeEachWithRow(store, [{ files: [file('a')], row: 1 }], () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
