// The load generator of bench/redemptions.ts in its own process: every request redeems the next code of the list,
// none twice, as staff at many tills would. Receives {url, token, codes, connections, duration} over IPC and answers
// autocannon's figures (requests, latency percentiles, errors and non-2xx answers) and its own CPU share.
import autocannon from 'autocannon';

process.once('message', async ({ url, token, codes, connections, duration }) => {
  let next = 0;
  const started = performance.now();
  const before = process.cpuUsage();
  const result = await autocannon({
    url: `${url}/api/v1/vendors/me/redemptions`,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: codes[next++ % codes.length] }) }) }],
  });
  const used = process.cpuUsage(before);
  const cpu = (used.user + used.system) / 1000 / (performance.now() - started);
  process.send?.(
    {
      requests: result.requests.total,
      seconds: result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      sent: Math.min(next, codes.length),
      cpu,
    },
    () => process.exit(0),
  );
});
