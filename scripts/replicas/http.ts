/** Small HTTP helpers for the replica script: JSON calls with a Bearer token, multipart posts, event streams. */

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** Which haproxy backend server answered (the balancer sets X-Served-By); '' when called directly. */
  servedBy: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One request; answers the status and the parsed JSON body (or the text when it is not JSON). */
export async function call<T = unknown>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (an image, an HTML error page): the text is the body.
  }
  return { status: response.status, body: parsed as T, servedBy: response.headers.get('x-served-by') ?? '' };
}

/** Throws unless the answer has the expected status, with the body in the message (for the FAIL line). */
export function expectStatus<T>(answer: Answer<T>, expected: number, what: string): T {
  if (answer.status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls `probe` until it answers true or the time is up; answers whether it did. `isHopeless` stops the wait
 * early (a process that was waited for has ended).
 */
export async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 100, isHopeless = () => false): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return true;
    } catch {
      // Not yet (a process still starting, a connection refused): try again.
    }
    if (Date.now() >= deadline || isHopeless()) return false;
    await sleep(everyMs);
  }
}

/** An open text/event-stream: the events read so far, and whether (and how) it ended. */
export interface EventStream {
  status: number;
  servedBy: string;
  /** Resolves with the data of the first `event` whose data satisfies `matches`, or undefined after the timeout. */
  next(event: string, matches: (data: unknown) => boolean, timeoutMs: number): Promise<unknown>;
  /** Set once the stream has ended: 'closed' (the server ended it cleanly) or the error that broke it. */
  readonly ended: string | undefined;
  close(): void;
}

/** Opens an event stream and keeps reading it in the background. */
export async function openEventStream(url: string, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: { event: string; data: unknown }[] = [];
  const waiters = new Set<() => void>();
  let ended: string | undefined;
  let isClosing = false;
  const wake = () => {
    for (const waiter of waiters) waiter();
  };

  const reader = response.body?.getReader();
  if (response.ok && reader) {
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          buffer += decoder.decode(chunk.value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
            end = buffer.indexOf('\n\n');
          }
          wake();
        }
        ended = 'closed';
      } catch (error) {
        ended = isClosing ? 'closed by us' : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      wake();
    })();
  } else {
    ended = `not opened (${response.status})`;
  }

  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by') ?? '',
    get ended() {
      return ended;
    },
    async next(event, matches, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((entry) => entry.event === event && matches(entry.data));
        if (found) return found.data;
        if (ended || Date.now() >= deadline) return undefined;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
          waiters.add(done);
        });
      }
    },
    close() {
      isClosing = true;
      controller.abort();
    },
  };
}
