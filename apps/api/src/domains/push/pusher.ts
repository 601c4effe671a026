/**
 * The push sender (issue 29 §1, ADR 027): claims due rows of `push_outbox` in batches and sends each to every device
 * of its person, never inside a request. Per batch, in order:
 * 1. what can no longer be pushed is SKIPPED: the person's switch for the kind is off now ('kind-off'), the person has
 *    no device ('no-device'), the offer it is about is hidden or ended ('ended');
 * 2. quiet hours (the person's, default 22:00–08:00 Malta time): a push that comes then waits for their end, marked
 *    `held`; when they end, two or more held pushes of a person become one summary (the first row, the others
 *    SUMMARIZED into it), one is sent as it is;
 * 3. the daily cap (the person's, default 3 since Malta's midnight), decided under a lock per person
 *    (repository `decide`), so replicas sending at once never exceed it; a test push is neither held nor counted;
 * 4. each device: 2xx kept at once (`delivered_to`), 404/410 and other 4xx (and an address that is not public)
 *    remove the subscription, 429/5xx/no answer retry the row later with growing waits (Retry-After when given) for
 *    the devices not reached yet; FAILED after PUSH_MAX_ATTEMPTS.
 * The claim is held until `locked_until` and extended while a batch is sent; a replica that dies mid-send leaves it
 * to be claimed again after, and the devices that accepted are not sent to twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { addDays, maltaDayEnd, maltaMidnight, maltaOffsetHours, maltaToday, type PushOutboxKind } from '@qrib/shared';
import { DEFAULT_PUSH_SETTINGS, type PushSettings } from '@qrib/shared/push-schemas';

const DEFAULT_DAILY_CAP = DEFAULT_PUSH_SETTINGS.dailyCap;
import { pushContent } from './push-content.ts';
import type { ClaimedPush, PushDevice, PushQueueRepository } from './repository/push-queue.ts';
import { sendPush, type SendOutcome } from './send-push.ts';

export const PUSH_BATCH_SIZE = 500;
export const PUSH_CLAIM_MS = 60_000;
export const PUSH_QUEUE_POLL_MS = 5_000;
export const PUSH_MAX_ATTEMPTS = 6;
/** Pushes written SENT in one statement. */
const SENT_GROUP = 50;
/** How long a push service keeps a push for an offline device when nothing ends sooner. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const HOUR_MS = 3_600_000;
const MAX_WAIT_MS = HOUR_MS;

export interface Pusher {
  /** Looks at the queue now (a push was queued on some replica). */
  wake(): void;
  /** Sends everything due now, then returns (tests, the bench). */
  drain(): Promise<void>;
  /** Queues 'ends tomorrow' for Malta's tomorrow (each pass does it too; once a person and offer). */
  queueEndingTomorrow(at?: Date): Promise<number>;
  close(): Promise<void>;
}

export interface PusherOptions {
  queue: PushQueueRepository;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** `host:port` of push services reached over plain HTTP without the public-address check (tests, the bench). */
  allowedHosts: readonly string[];
  isSending: boolean;
  retryBaseMs: number;
  /** Devices sent to at once. */
  concurrency: number;
  /** Pushes claimed at once (PUSH_BATCH_SIZE; tests make it small to have replicas share a person's pushes). */
  batchSize?: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** The hour on Malta's clocks at an instant (0–23), summer time or not. */
export function maltaHour(instant: Date): number {
  const time = instant.getTime();
  return new Date(time + maltaOffsetHours(time) * HOUR_MS).getUTCHours();
}

/** The instant Malta's clocks show `hour`:00 on `isoDate` (on the days the clocks change too). */
export function maltaInstant(isoDate: string, hour: number): Date {
  const wall = Date.parse(`${isoDate}T00:00:00Z`) + hour * HOUR_MS;
  // The offset in force an hour either side of the change is the one at the wall time less the usual offset.
  const guess = wall - maltaOffsetHours(wall - HOUR_MS) * HOUR_MS;
  return new Date(wall - maltaOffsetHours(guess) * HOUR_MS);
}

/**
 * When a reminder queued at `instant` goes: not before ENDING_HOUR in Malta (the sweep runs from midnight, and a
 * reminder is worth a push of its own, not a line in the quiet hours' summary).
 */
export const ENDING_HOUR = 9;
function endingNotBefore(instant: Date): Date {
  const nine = maltaInstant(maltaToday(instant), ENDING_HOUR);
  return nine.getTime() > instant.getTime() ? nine : instant;
}

/** Whether `instant` is in quiet hours from `from` to `until` (whole hours, Malta time; equal hours: none). */
export function isQuiet(instant: Date, from: number, until: number): boolean {
  if (from === until) return false;
  const hour = maltaHour(instant);
  return from < until ? hour >= from && hour < until : hour >= from || hour < until;
}

/** When the quiet hours that `instant` is in end: the next `until` o'clock in Malta. */
export function quietEnd(instant: Date, until: number): Date {
  const today = maltaToday(instant);
  const todayEnd = maltaInstant(today, until);
  return todayEnd.getTime() > instant.getTime() ? todayEnd : maltaInstant(addDays(today, 1), until);
}

const KIND_SWITCH: Record<PushOutboxKind, keyof PushSettings | null> = {
  NEW_OFFER: 'newOffer',
  CLAIM_REDEEMED: 'codeRedeemed',
  RECEIPT_DECIDED: 'receiptDecided',
  OFFER_SOLD_OUT: 'soldOut',
  REVIEW_RECEIVED: 'newReview',
  ENDING_TOMORROW: 'endingTomorrow',
  CODE_ENDING_TOMORROW: 'endingTomorrow',
  NEARBY: 'nearby',
  TEST: null,
};

/** Kinds about an offer shoppers may take: not pushed once it is hidden or over. */
const OFFER_BOUND: readonly PushOutboxKind[] = ['NEW_OFFER', 'NEARBY', 'ENDING_TOMORROW', 'CODE_ENDING_TOMORROW'];

/** A limit on work under way at once, shared by whatever calls it. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiting, or is freed.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/**
 * Batches a replica works on at once: while one is sent, the next is claimed and decided (its reads, the cap's locks),
 * so the devices' connections are not idle between batches. Both share the replica's PUSH_CONCURRENCY.
 */
const BATCHES_IN_FLIGHT = 2;

export function createPusher(options: PusherOptions): Pusher {
  const { queue, log } = options;
  const now = options.now ?? (() => new Date());
  let isClosed = false;
  /** Lanes claiming and sending now (at most BATCHES_IN_FLIGHT); idle at 0. */
  let lanes = 0;
  let isWakeRequested = false;
  let idleWaiters: (() => void)[] = [];
  let lastEndingHour = Number.NaN;
  const limited = createLimiter(options.concurrency);

  /** Sends one push to one device; what the push service said, or a retry when it did not answer. */
  async function toDevice(push: ClaimedPush, device: PushDevice, content: ReturnType<typeof pushContent>, ttlSeconds: number): Promise<SendOutcome> {
    try {
      return await sendPush(device, content, {
        vapid: options.vapid,
        ttlSeconds,
        ...(content.tag ? { topic: content.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } : {}),
        allowedHosts: options.allowedHosts,
      });
    } catch (error) {
      log.warn({ err: error, pushId: push.id }, 'push service did not answer');
      return { kind: 'retry', status: 0, retryAfterMs: null };
    }
  }

  // Pushes every device accepted, written SENT a group at a time: one statement for many (the database, not the push
  // services, was what limited the rate). A replica that dies before a group is written leaves those pushes to be
  // taken over and sent again: a duplicate on a device, never a loss (the window is one group's sending).
  let sentGroup: number[] = [];
  async function flushSent(at: Date): Promise<void> {
    const ids = sentGroup;
    sentGroup = [];
    await queue.sentMany(ids, at);
  }

  async function send(push: ClaimedPush, devices: PushDevice[], language: string, at: Date, ttlSeconds: number): Promise<void> {
    const summaryCount = Number(push.payload.summaryCount ?? 0);
    const content = summaryCount > 1 ? pushContent('SUMMARY', { count: summaryCount }, language) : pushContent(push.kind, push.payload, language);
    let retryAfter: number | null = null;
    let mustRetry = false;
    const accepted: number[] = [];
    for (const device of devices) {
      if (push.deliveredTo.includes(device.id)) continue;
      const outcome = await toDevice(push, device, content, ttlSeconds);
      if (outcome.kind === 'accepted') {
        accepted.push(device.id);
      } else if (outcome.kind === 'retry') {
        mustRetry = true;
        retryAfter = Math.max(retryAfter ?? 0, outcome.retryAfterMs ?? 0);
      } else {
        // Gone (404, 410), refused (other 4xx) or an address that is not public: this subscription is done with.
        log.info({ pushId: push.id, deviceId: device.id, outcome }, 'push subscription removed');
        await queue.removeDevice(device.id);
      }
    }
    if (!mustRetry) {
      sentGroup.push(push.id);
      if (sentGroup.length >= SENT_GROUP) await flushSent(at);
      return;
    }
    // Some device is to be tried again: the ones that accepted are kept, so the retry skips them.
    for (const deviceId of accepted) await queue.delivered(push.id, deviceId);
    const attempt = push.attempts + 1;
    // A push service's Retry-After is heeded up to an hour: a push later than that has lost its point.
    const wait = Math.min(MAX_WAIT_MS, Math.max(retryAfter ?? 0, options.retryBaseMs * 2 ** (attempt - 1)));
    await queue.retry(push.id, attempt >= PUSH_MAX_ATTEMPTS ? null : new Date(at.getTime() + wait), 'retry');
  }

  async function handleBatch(batch: ClaimedPush[]): Promise<void> {
    const at = now();
    const today = maltaToday(at);
    const userIds = [...new Set(batch.map((push) => push.userId))];
    const [people, devices, offers] = await Promise.all([
      queue.people(userIds),
      queue.devices(userIds),
      queue.offers([...new Set(batch.flatMap((push) => (push.offerId === null ? [] : [push.offerId])))], today),
    ]);
    const devicesOf = new Map<number, PushDevice[]>();
    for (const device of devices) devicesOf.set(device.userId, [...(devicesOf.get(device.userId) ?? []), device]);

    const skipped = new Map<string, number[]>();
    const skip = (push: ClaimedPush, why: string) => skipped.set(why, [...(skipped.get(why) ?? []), push.id]);
    const toHold: ClaimedPush[] = [];
    const heldOf = new Map<number, ClaimedPush[]>();
    const candidates: ClaimedPush[] = [];
    for (const push of batch) {
      const person = people.get(push.userId);
      const switchName = KIND_SWITCH[push.kind];
      const offer = push.offerId === null ? undefined : offers.get(push.offerId);
      if (!person || (devicesOf.get(push.userId) ?? []).length === 0) skip(push, 'no-device');
      else if (switchName !== null && person.settings[switchName] !== true) skip(push, 'kind-off');
      else if (OFFER_BOUND.includes(push.kind) && (!offer || !offer.visible)) skip(push, 'ended');
      else if (push.decided || push.kind === 'TEST') candidates.push(push);
      else if (isQuiet(at, person.settings.quietFrom, person.settings.quietUntil)) toHold.push(push);
      else if (push.held) heldOf.set(push.userId, [...(heldOf.get(push.userId) ?? []), push]);
      else candidates.push(push);
    }
    for (const [why, ids] of skipped) await queue.skip(ids, why);
    // Quiet hours: each waits for its person's morning.
    const holdUntil = new Map<number, ClaimedPush[]>();
    for (const push of toHold) {
      const settings = people.get(push.userId)?.settings;
      if (!settings) continue;
      const until = quietEnd(at, settings.quietUntil).getTime();
      holdUntil.set(until, [...(holdUntil.get(until) ?? []), push]);
    }
    for (const [until, pushes] of holdUntil) await queue.hold(pushes.map((push) => push.id), new Date(until));
    // The morning: a person's held pushes become one push, decided under the person's lock (whatever batch or replica
    // claimed the others).
    const caps = new Map([...people].map(([userId, person]) => [userId, person.settings.dailyCap]));
    const decided = new Set(candidates.filter((push) => push.decided).map((push) => push.id));
    for (const [userId, held] of heldOf) {
      const morning = await queue.decideMorning(held, caps.get(userId) ?? DEFAULT_DAILY_CAP, maltaMidnight(today), at);
      const first = held.find((push) => push.id === morning?.id);
      if (!morning || !first) continue;
      first.payload = { ...first.payload, summaryCount: morning.count };
      candidates.push(first);
      decided.add(first.id);
    }
    candidates.sort((a, b) => a.id - b.id);
    const fresh = candidates.filter((push) => !decided.has(push.id) && !push.decided);
    for (const id of await queue.decide(fresh, caps, maltaMidnight(today), at)) decided.add(id);

    const sending = candidates.filter((push) => decided.has(push.id));
    try {
      await sendEach(sending, people, devicesOf, offers, at);
    } finally {
      await flushSent(at);
    }
  }

  async function sendEach(
    sending: ClaimedPush[],
    people: Awaited<ReturnType<PushQueueRepository['people']>>,
    devicesOf: Map<number, PushDevice[]>,
    offers: Awaited<ReturnType<PushQueueRepository['offers']>>,
    at: Date,
  ): Promise<void> {
    const sendOne = async (push: ClaimedPush) => {
      const person = people.get(push.userId);
      const offer = push.offerId === null ? undefined : offers.get(push.offerId);
      const untilEnd = offer ? Math.floor((maltaDayEnd(offer.endDate).getTime() - at.getTime()) / 1000) : PUSH_TTL_SECONDS;
      try {
        await send(push, devicesOf.get(push.userId) ?? [], person?.language ?? 'en', at, Math.max(0, Math.min(PUSH_TTL_SECONDS, untilEnd)));
      } catch (error) {
        log.error({ err: error, pushId: push.id }, 'push could not be handled; its claim lapses and it is tried again');
      }
    };
    await Promise.all(sending.map((push) => limited(() => sendOne(push))));
  }

  /**
   * A lane: claims and handles batches until none is due (or a wake came after its last claim). Each lane resets the
   * wake flag before it claims, so a wake is always followed by some lane's fresh claim. It counts itself out in the
   * same step as it decides to stop (no moment when a wake finds it counted but gone); the pusher is idle at 0 lanes.
   */
  async function lane(): Promise<void> {
    try {
      while (!isClosed) {
        isWakeRequested = false;
        await queueEndingTomorrowOnce(now()).catch((error: unknown) => log.error({ err: error }, 'ending-tomorrow pushes could not be queued'));
        const batchSize = options.batchSize ?? PUSH_BATCH_SIZE;
        const batch = await queue.claimDue(now(), batchSize, PUSH_CLAIM_MS);
        if (batch.length === 0) {
          if (isWakeRequested) continue;
          return;
        }
        // A full batch: more may be due, so another lane claims the next while this one sends.
        if (batch.length >= batchSize) startLane();
        const ids = batch.map((push) => push.id);
        const heartbeat = setInterval(() => {
          queue.extendClaims(ids, new Date(now().getTime() + PUSH_CLAIM_MS)).catch((error: unknown) => log.warn({ err: error }, 'push claims not extended'));
        }, PUSH_CLAIM_MS / 3);
        try {
          await handleBatch(batch);
        } catch (error) {
          log.error({ err: error }, 'push batch could not be handled; its claims lapse and it is tried again');
        } finally {
          clearInterval(heartbeat);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'push queue unavailable');
    } finally {
      lanes -= 1;
      if (lanes === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }

  /** Starts a lane unless BATCHES_IN_FLIGHT are running. */
  function startLane(): void {
    if (lanes >= BATCHES_IN_FLIGHT) return;
    lanes += 1;
    void lane();
  }

  /**
   * 'Ends tomorrow' once an hour a replica, so an offer saved during the day is told too (the queue's keys make it
   * once a person and offer across replicas and hours; quiet hours hold what comes at night for the morning).
   */
  async function queueEndingTomorrowOnce(at: Date): Promise<number> {
    const hour = Math.floor(at.getTime() / HOUR_MS);
    if (hour === lastEndingHour) return 0;
    // Marked before the query, so the other lane does not run it too; a failure leaves it to the next pass.
    lastEndingHour = hour;
    try {
      return await queue.queueEndingTomorrow(addDays(maltaToday(at), 1), endingNotBefore(at));
    } catch (error) {
      lastEndingHour = Number.NaN;
      throw error;
    }
  }

  function wake(): void {
    if (isClosed || !options.isSending) return;
    isWakeRequested = true;
    if (lanes === 0) startLane();
  }

  function whenIdle(): Promise<void> {
    if (lanes === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  return {
    wake,
    async drain() {
      wake();
      await whenIdle();
    },
    queueEndingTomorrow: (at = now()) => queue.queueEndingTomorrow(addDays(maltaToday(at), 1), endingNotBefore(at)),
    async close() {
      isClosed = true;
      await whenIdle();
    },
  };
}
