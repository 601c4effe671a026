// The load generator in its own process: autocannon parsing ~20 KB answers must not take turns with the
// server it measures on one event loop. Receives {url, headers, requests, connections, duration} over IPC
// and answers {average, errors, non2xx, cpu}: cpu is the share of one core this process used while it ran
// (near 1 means the load generator, not the server, may have set the pace). With `distinctPaths` instead of
// `requests`, every request (over all connections) asks the next path of the list, none twice while it lasts.
import autocannon from 'autocannon';

process.once('message', async ({ distinctPaths, ...options }) => {
  if (distinctPaths) {
    let next = 0;
    options.requests = [{ method: 'GET', setupRequest: (request) => ({ ...request, path: distinctPaths[next++ % distinctPaths.length] }) }];
  }
  const started = performance.now();
  const before = process.cpuUsage();
  const result = await autocannon(options);
  const used = process.cpuUsage(before);
  const cpu = (used.user + used.system) / 1000 / (performance.now() - started);
  process.send?.({ average: result.requests.average, errors: result.errors, non2xx: result.non2xx, cpu }, () => process.exit(0));
});
