// The load generator of bench/load.ts, in its own process (as load-runner.mjs for the nearby bench): one
// autocannon instance per route, all at once, each request with a fresh random position (and offer or word).
// Receives {url, token, seconds, routes: [{name, connections}], offerIds, words, localities} over IPC and answers
// {routes: [{name, requests, errors, timeouts, non2xx, p50, p99}], overall: {...}, cpu}: latencies in ms,
// cpu the share of one core this process used (near 1 means the generator, not the server, set the pace).
import autocannon from 'autocannon';

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A standard normal draw (Box-Muller). */
const gaussian = () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());

/** Where a shopper stands: near one of Malta's and Gozo's localities, spread about 450 m each way. */
function shopperPosition(localities) {
  const town = pick(localities);
  return `latitude=${(town.latitude + gaussian() * 0.004).toFixed(6)}&longitude=${(town.longitude + gaussian() * 0.005).toFixed(6)}`;
}

function pathMaker(name, { offerIds, words, localities }) {
  switch (name) {
    case 'nearby':
      return () => `/api/v1/offers/nearby-offers?${shopperPosition(localities)}&radiusKm=10`;
    case 'offer detail':
      return () => `/api/v1/offers/${pick(offerIds)}`;
    case 'search':
      return () => `/api/v1/offers/search?q=${encodeURIComponent(pick(words))}&${shopperPosition(localities)}`;
    default:
      throw new Error(`unknown route ${name}`);
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summarize(name, latencies, counts) {
  const sorted = Float64Array.from(latencies).sort();
  return { name, requests: latencies.length, ...counts, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

process.once('message', async ({ url, token, seconds, routes, ...data }) => {
  const started = performance.now();
  const before = process.cpuUsage();
  const results = await Promise.all(
    routes.map(async ({ name, connections }) => {
      const makePath = pathMaker(name, data);
      const latencies = [];
      const instance = autocannon({
        url,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: makePath() }) }],
      });
      instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
      const result = await instance;
      return { name, latencies, counts: { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx } };
    }),
  );
  const used = process.cpuUsage(before);
  const cpu = (used.user + used.system) / 1000 / (performance.now() - started);
  const total = { errors: 0, timeouts: 0, non2xx: 0 };
  for (const { counts } of results) for (const key of Object.keys(total)) total[key] += counts[key];
  process.send?.(
    {
      routes: results.map(({ name, latencies, counts }) => summarize(name, latencies, counts)),
      overall: summarize('overall', results.flatMap(({ latencies }) => latencies), total),
      cpu,
    },
    () => process.exit(0),
  );
});
