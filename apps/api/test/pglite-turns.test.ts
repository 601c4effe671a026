/**
 * PGlite runs queries synchronously on the event loop's thread; its queries take turns (db/event-loop-turns.ts)
 * so that the loop polls for I/O, and accepts connections, between any two of them (issue 10's load bench:
 * search requests were never accepted while nearby queries kept the loop busy).
 */
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type Database } from '../src/db/client.ts';
import { EventLoopTurns } from '../src/db/event-loop-turns.ts';

/** Counts iterations of the event loop (one check phase each) until stopped. */
function countIterations() {
  let count = 0;
  let running = true;
  const tick = () => {
    count += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get count() {
      return count;
    },
    stop() {
      running = false;
    },
  };
}

describe('event-loop turns', () => {
  it('are given in arrival order, one per iteration of the event loop', async () => {
    const turns = new EventLoopTurns();
    const events: string[] = [];
    const waiting = ['a', 'b', 'c'].map(async (name) => {
      await turns.next();
      events.push(name);
    });
    let ticks = 0;
    const tick = () => {
      events.push('tick');
      ticks += 1;
      if (ticks < 3) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(waiting);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['a', 'tick', 'b', 'tick', 'c', 'tick']);
  });
});

describe('PGlite queries', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', inMemory: true });
  });

  afterAll(async () => {
    await database.close();
  });

  it('are answered in the order asked, each in an iteration of the event loop of its own', async () => {
    const iterations = countIterations();
    const answered: { n: number; iteration: number }[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, n) => {
        const [row] = await selectRows<{ n: number }>(database.db, sql`select ${n}::int as n`);
        answered.push({ n: row?.n ?? -1, iteration: iterations.count });
      }),
    );
    iterations.stop();
    expect(answered.map((answer) => answer.n)).toEqual([0, 1, 2, 3, 4, 5]);
    const distinctIterations = new Set(answered.map((answer) => answer.iteration));
    expect(distinctIterations.size).toBe(answered.length);
  });

  it('let a new connection be accepted while a burst of them waits', async () => {
    const server = net.createServer((socket) => socket.end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const total = 50;
      let done = 0;
      const burst = Promise.all(
        Array.from({ length: total }, async () => {
          await database.db.execute(sql`select 1`);
          done += 1;
        }),
      );
      const accepted = once(server, 'connection').then(() => done);
      const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      client.on('error', () => undefined);
      const doneWhenAccepted = await accepted;
      await burst;
      client.destroy();
      // Without turns the whole burst ran before the loop could accept (doneWhenAccepted was 50).
      expect(doneWhenAccepted).toBeLessThan(total);
    } finally {
      server.close();
    }
  });
});
