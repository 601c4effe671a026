/**
 * Turns on the event loop, handed out in arrival order, at most one per iteration of the loop (each in a
 * setImmediate of its own), so the loop polls for I/O between two turns.
 *
 * Why PGlite needs it (issue 10's load bench): PGlite runs each query synchronously on this thread, inside the
 * microtasks of the socket read that asked for it, so one poll of the loop ran every request that had arrived
 * (80 nearby queries, ~150 ms); and libuv (since 1.45, libuv/libuv#3696) accepts one new connection per poll.
 * New connections were accepted at about 7 a second, so under 200 connections the last routes to connect
 * (search) waited in the kernel's accept queue past the client's 10 s timeout, again and again. With one
 * query per turn, a connection is accepted between any two queries, and the queries of all requests run in
 * the order they were asked for.
 */
export class EventLoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves at the caller's turn: after every earlier caller's, in a later iteration of the loop than theirs. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      // Scheduled from within this check phase, the next turn runs in the next iteration, after a poll.
      this.schedule();
    });
  }
}
