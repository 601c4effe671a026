import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe } from './get-me.ts';

const INDEX_HTML = readFileSync(path.resolve(import.meta.dirname, '../../../../index.html'), 'utf8');
const SHOPPER = { user: { userId: 7, username: 'maria', vendor: null } };
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let session: unknown;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const sessionCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/auth/session'));
beforeEach(() => {
  session = SHOPPER;
  fetchMock = vi.fn<typeof fetch>(async (url) => (String(url).includes('/auth/session') ? answer(session) : answer({}, 404)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.qribEarlySession = undefined;
});

describe('who is signed in, asked for by index.html before the app runs (issue 27 §6)', () => {
  it("is the answer the app's first question takes, once; the next question asks the server", async () => {
    for (const [, code] of INDEX_HTML.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function(code ?? '')();
    expect(sessionCalls()).toHaveLength(1);
    expect(await getMe()).toEqual(SHOPPER.user);
    expect(sessionCalls()).toHaveLength(1);
    session = { user: null };
    expect(await getMe()).toBeNull();
    expect(sessionCalls()).toHaveLength(2);
  });

  it('is not taken when it is a refusal or older than 30 s: the app asks the server', async () => {
    window.qribEarlySession = { startedAt: Date.now(), response: Promise.resolve(answer({ statusCode: 500 }, 500)) };
    expect(await getMe()).toEqual(SHOPPER.user);
    window.qribEarlySession = { startedAt: Date.now() - 31_000, response: Promise.resolve(answer({ user: { userId: 1 } })) };
    expect(await getMe()).toEqual(SHOPPER.user);
    expect(sessionCalls()).toHaveLength(2);
  });
});
