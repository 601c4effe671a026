import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, chooseFetchLocation, rememberLocation } from './shopper-location.ts';

const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };
// About 60 m and about 250 m north of it.
const NEAR = { latitude: 35.89944, longitude: 14.5146 };
const FURTHER = { latitude: 35.90115, longitude: 14.5146 };

afterEach(() => localStorage.clear());

describe('the 0.1 km re-fetch rule (spec §4)', () => {
  it('keeps the last fetch location for small moves and takes the new one past 0.1 km', () => {
    expect(chooseFetchLocation(VALLETTA, undefined)).toEqual(VALLETTA);
    expect(chooseFetchLocation(NEAR, VALLETTA)).toEqual(VALLETTA);
    expect(chooseFetchLocation(FURTHER, VALLETTA)).toEqual(FURTHER);
  });

  it('keeps both the current and the last fetch location in local storage', () => {
    expect(rememberLocation(localStorage, VALLETTA)).toEqual(VALLETTA);
    expect(rememberLocation(localStorage, NEAR)).toEqual(VALLETTA);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.current) ?? 'null')).toEqual(NEAR);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastFetch) ?? 'null')).toEqual(VALLETTA);
    expect(rememberLocation(localStorage, FURTHER)).toEqual(FURTHER);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastFetch) ?? 'null')).toEqual(FURTHER);
  });

  it('treats a damaged stored location as none', () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, '{not json');
    expect(rememberLocation(localStorage, NEAR)).toEqual(NEAR);
  });
});
