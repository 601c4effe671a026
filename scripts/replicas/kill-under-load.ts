/**
 * Replica A is killed with SIGKILL while clients read through haproxy. A GET whose answer had not begun must
 * not fail (haproxy sends it again, to B); answers and event streams already under way on A break, and are
 * counted and reported rather than failed.
 */
import { readFile } from 'node:fs/promises';
import type { Cluster } from './cluster.ts';
import { type EventStream, call, expectStatus, openEventStream, sleep } from './http.ts';
import type { Report } from './report.ts';

const CLIENTS = 30;
const LOAD_MS = 6_000;
const KILL_AFTER_MS = 2_000;
const STREAMS = 4;
const REQUEST_TIMEOUT_MS = 10_000;

type Outcome = 'answered' | 'failed-before-answer' | 'broke-mid-answer' | 'unexpected-status';

interface Sample {
  kind: string;
  startedAt: number;
  endedAt: number;
  outcome: Outcome;
  status: number;
  servedBy: string;
  error?: string;
}

/** A shopper somewhere around Malta's main island (so nearby answers are not all one cached cell). */
function randomPosition() {
  return { latitude: (35.83 + Math.random() * 0.1).toFixed(4), longitude: (14.4 + Math.random() * 0.15).toFixed(4) };
}

async function timedGet(url: string, token: string, kind: string): Promise<Sample> {
  const startedAt = Date.now();
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    return { kind, startedAt, endedAt: Date.now(), outcome: 'failed-before-answer', status: 0, servedBy: '', error: describe(error) };
  }
  const servedBy = response.headers.get('x-served-by') ?? '';
  try {
    await response.arrayBuffer();
  } catch (error) {
    return { kind, startedAt, endedAt: Date.now(), outcome: 'broke-mid-answer', status: response.status, servedBy, error: describe(error) };
  }
  // 502/503/504 come from haproxy itself: no replica's answer had begun.
  const outcome: Outcome = response.status === 200 ? 'answered' : response.status >= 500 ? 'failed-before-answer' : 'unexpected-status';
  return { kind, startedAt, endedAt: Date.now(), outcome, status: response.status, servedBy };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

function countBy<T>(items: T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([name, total]) => `${name} ${total}`).join(', ') || 'none';
}

/** Requests haproxy sent more than once, from its log ("retries=2", "retries=+1" when moved to the other server). */
async function haproxyRetries(logFile: string): Promise<{ retried: number; redispatched: number }> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  let retried = 0;
  let redispatched = 0;
  for (const match of text.matchAll(/retries=(\+?)(\d+)/g)) {
    if (Number(match[2]) > 0 || match[1] === '+') retried += 1;
    if (match[1] === '+') redispatched += 1;
  }
  return { retried, redispatched };
}

export async function runKillUnderLoad(cluster: Cluster, report: Report, shopperToken: string | undefined): Promise<void> {
  const name = `f) SIGKILL of replica A under load: no GET whose answer had not begun fails (${CLIENTS} clients, ${LOAD_MS / 1000} s, kill at ${KILL_AFTER_MS / 1000} s)`;
  await report.check(name, async () => {
    const balancer = cluster.balancer;
    const token =
      shopperToken ??
      expectStatus(await call<{ token: string }>(balancer, 'POST', '/api/v1/auth/login', { body: { username: 'maria', password: 'maria2026pass' } }), 200, 'login through the balancer').token;
    const nearby = expectStatus(
      await call<{ data: { offers: { offerId: number }[] }[] }>(balancer, 'GET', '/api/v1/offers/nearby-offers?latitude=35.8989&longitude=14.5146&radiusKm=10', { token }),
      200,
      'GET nearby-offers through the balancer',
    );
    const offerIds = nearby.data.flatMap((business) => business.offers.map((offer) => offer.offerId));
    if (offerIds.length === 0) throw new Error('no offer nearby to read (was the demo data seeded?)');

    // Streams opened one after another alternate between the replicas (round robin).
    const streams: EventStream[] = [];
    for (let index = 0; index < STREAMS; index += 1) {
      const position = randomPosition();
      streams.push(await openEventStream(`${balancer}/api/v1/offers/stream?latitude=${position.latitude}&longitude=${position.longitude}`, token));
    }
    const unopened = streams.filter((stream) => stream.status !== 200);
    if (unopened.length > 0) throw new Error(`event streams answered ${unopened.map((stream) => stream.status).join(', ')}`);

    const samples: Sample[] = [];
    const startedAt = Date.now();
    const stopAt = startedAt + LOAD_MS;
    let killedAt = 0;
    const killing = sleep(KILL_AFTER_MS).then(async () => {
      killedAt = Date.now();
      await cluster.kill('a');
    });
    const client = async () => {
      while (Date.now() < stopAt) {
        const pick = Math.random();
        if (pick < 0.5) {
          const { latitude, longitude } = randomPosition();
          samples.push(await timedGet(`${balancer}/api/v1/offers/nearby-offers?latitude=${latitude}&longitude=${longitude}&radiusKm=10`, token, 'nearby'));
        } else if (pick < 0.85) {
          const offerId = offerIds[Math.floor(Math.random() * offerIds.length)];
          samples.push(await timedGet(`${balancer}/api/v1/offers/${offerId}`, token, 'offer detail'));
        } else {
          samples.push(await timedGet(`${balancer}/api/v1/categories/`, token, 'categories'));
        }
      }
    };
    await Promise.all([killing, ...Array.from({ length: CLIENTS }, client)]);
    // A moment for streams broken by the kill to notice.
    await sleep(500);

    const failedBefore = samples.filter((sample) => sample.outcome === 'failed-before-answer');
    const brokeMid = samples.filter((sample) => sample.outcome === 'broke-mid-answer');
    const unexpected = samples.filter((sample) => sample.outcome === 'unexpected-status');
    const spanningKill = samples.filter((sample) => sample.startedAt <= killedAt && sample.endedAt >= killedAt);
    const beforeKill = samples.filter((sample) => sample.endedAt < killedAt);
    const afterKill = samples.filter((sample) => sample.startedAt > killedAt);
    const endedStreams = streams.filter((stream) => stream.ended !== undefined);
    const retries = await haproxyRetries(cluster.haproxyLog);
    for (const stream of streams) stream.close();

    const figures = [
      `${samples.length} GETs (${countBy(samples, (sample) => sample.kind)})`,
      `answered by ${countBy(samples.filter((sample) => sample.servedBy), (sample) => sample.servedBy.toUpperCase())}`,
      `before the kill: ${countBy(beforeKill, (sample) => sample.servedBy.toUpperCase() || '?')}; after: ${countBy(afterKill, (sample) => sample.servedBy.toUpperCase() || '?')}`,
      `in flight at the kill: ${spanningKill.length} (${countBy(spanningKill, (sample) => `${sample.outcome}${sample.servedBy ? ` by ${sample.servedBy.toUpperCase()}` : ''}`)})`,
      `failed before any answer: ${failedBefore.length}`,
      `answers under way that broke: ${brokeMid.length}`,
      `other statuses: ${unexpected.length === 0 ? 0 : countBy(unexpected, (sample) => String(sample.status))}`,
      `event streams: ${streams.length} open (${countBy(streams, (stream) => stream.servedBy.toUpperCase())}), ${endedStreams.length} ended by the kill (${countBy(endedStreams, (stream) => stream.servedBy.toUpperCase())})`,
      `haproxy resent ${retries.retried} requests (${retries.redispatched} to the other replica)`,
    ];
    console.log(`  figures: ${figures.join('\n           ')}`);

    const problems: string[] = [];
    if (failedBefore.length > 0) {
      problems.push(`${failedBefore.length} GETs failed before any answer began (${countBy(failedBefore, (sample) => sample.error ?? `status ${sample.status}`)})`);
    }
    if (unexpected.length > 0) problems.push(`${unexpected.length} answers were not 200 (${countBy(unexpected, (sample) => String(sample.status))})`);
    if (!cluster.replica('a').exit) problems.push('replica A is still running');
    if (!beforeKill.some((sample) => sample.servedBy === 'a')) problems.push('replica A answered nothing before the kill, so the kill proved nothing');
    if (!afterKill.some((sample) => sample.servedBy === 'b')) problems.push('replica B answered nothing after the kill');
    if (problems.length > 0) throw new Error(problems.join('; '));
    return `${samples.length} GETs, none failed before its answer began; ${brokeMid.length} answers under way broke; ${endedStreams.length} of ${streams.length} event streams ended`;
  });
}
