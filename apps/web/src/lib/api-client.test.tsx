import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fr } from '@qrib/shared/i18n/fr';
import { ErrorState } from '../components/ui/data-states.tsx';
import { renderScreen } from '../testing/render.tsx';
import { ApiError, apiRequest, isConnectionFailure } from './api-client.ts';
import { initI18n, loadCatalog, translateError } from './i18n.ts';

afterEach(() => vi.unstubAllGlobals());

/** fetch as the browser fails it when no answer comes (no connection, the server down). */
const stubUnreachable = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
const failureOf = (request: Promise<unknown>) => request.then(() => undefined, (error: unknown) => error);

describe('apiRequest without an answer', () => {
  it('fails with a network ApiError, said as “No connection — try again”, never the browser’s “Failed to fetch”', async () => {
    stubUnreachable();
    const failure = await failureOf(apiRequest('/offers/7'));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, reason: 'network' });
    expect(isConnectionFailure(failure)).toBe(true);
    expect(translateError(initI18n('en').t, failure)).toBe('No connection — try again');
  });

  it('says it in the reader’s language', async () => {
    stubUnreachable();
    const failure = await failureOf(apiRequest('/offers/7'));
    await loadCatalog('fr');
    expect(translateError(initI18n('fr').t, failure)).toBe(fr.deadEnds.noConnection);
    expect(fr.deadEnds.noConnection).not.toBe('No connection — try again');
    initI18n('en');
  });

  it('leaves a cancelled request an AbortError (react-query cancels queries that way)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(apiRequest('/offers/7', { signal: controller.signal }));
    expect(failure).toBeInstanceOf(DOMException);
    expect(isConnectionFailure(failure)).toBe(false);
  });

  it('is told apart from an answer the server gave', () => {
    expect(isConnectionFailure(new ApiError(503, 'Service Unavailable'))).toBe(false);
    expect(isConnectionFailure(new ApiError(0, 'Timeout', {}, 'timeout'))).toBe(true);
  });

  it('reads plainly in an error state, not as “Error: …”', async () => {
    stubUnreachable();
    const failure = await failureOf(apiRequest('/me/favorites'));
    renderScreen(<ErrorState error={failure} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^No connection — try again$/);
  });
});
