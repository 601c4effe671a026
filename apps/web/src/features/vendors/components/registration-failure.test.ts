import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { geolocationErrorMessage } from './current-position.ts';
import { registrationFailureMessage } from './registration-failure.ts';

describe('registration failures (spec §8)', () => {
  const t = initI18n('en').t;

  it('tells a network error, a server answer, no answer and anything else apart', () => {
    expect(registrationFailureMessage(t, new ApiError(0, 'Network Error', {}, 'network'))).toBe(MESSAGES.registrationNetworkError);
    expect(registrationFailureMessage(t, new ApiError(409, 'x', {}, 'http', MESSAGES.businessAlreadyRegistered))).toBe(
      formatMessage(MESSAGES.registrationFailed, { message: MESSAGES.businessAlreadyRegistered }),
    );
    expect(registrationFailureMessage(t, new ApiError(502, 'Bad Gateway'))).toBe(
      formatMessage(MESSAGES.registrationFailed, { message: MESSAGES.serverError }),
    );
    expect(registrationFailureMessage(t, new ApiError(0, 'Timeout', {}, 'timeout'))).toBe(MESSAGES.registrationNoResponse);
    expect(registrationFailureMessage(t, new TypeError('boom'))).toBe(MESSAGES.registrationUnexpected);
  });
});

describe('geolocation errors (spec §8, vendor)', () => {
  const failure = (code: number) =>
    ({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' }) as GeolocationPositionError;

  it('gives each browser error its message', () => {
    expect(geolocationErrorMessage(undefined)).toBe(MESSAGES.geoUnsupported);
    expect(geolocationErrorMessage(failure(1))).toBe(MESSAGES.geoDenied);
    expect(geolocationErrorMessage(failure(2))).toBe(MESSAGES.geoUnavailable);
    expect(geolocationErrorMessage(failure(3))).toBe(MESSAGES.geoTimeout);
    expect(geolocationErrorMessage(failure(99))).toBe(MESSAGES.geoUnknown);
  });
});
