/**
 * Answers index.html's inline script asked for before the app's code arrived (issue 27): who is signed in
 * (features/auth/api/get-me.ts) and the home's first nearby page (features/nearby/api/get-nearby-offers.ts).
 */
export interface EarlyAnswer {
  /** When it was asked (Date.now()). */
  startedAt: number;
  /** The answer; undefined when none came. */
  response: Promise<Response | undefined>;
}

/**
 * The early answer's body when it came, succeeded and is at most `maxAgeMs` old; undefined otherwise, and the caller
 * asks the server (whose error, in words, is then what the screen shows).
 */
export async function readEarlyAnswer<Body>(early: EarlyAnswer, maxAgeMs: number): Promise<Body | undefined> {
  if (Date.now() - early.startedAt > maxAgeMs) return undefined;
  const response = await early.response;
  if (!response?.ok) return undefined;
  return (await response.json().catch(() => undefined)) as Body | undefined;
}
