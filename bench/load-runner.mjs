// The load generator in its own process: autocannon parsing ~20 KB answers must not take turns with the
// server it measures on one event loop. Receives {url, headers, requests, connections, duration} over IPC
// and answers {average, errors, non2xx}.
import autocannon from 'autocannon';

process.once('message', async (options) => {
  const result = await autocannon(options);
  process.send?.({ average: result.requests.average, errors: result.errors, non2xx: result.non2xx }, () => process.exit(0));
});
