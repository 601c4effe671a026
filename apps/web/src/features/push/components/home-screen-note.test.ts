import { describe, expect, it } from 'vitest';
import { needsHomeScreenForPush, type BrowserSignals } from './home-screen-note.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
// iPadOS asks for desktop sites: its Safari says it is a Mac.
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const signals = (change: Partial<BrowserSignals>): BrowserSignals => ({ userAgent: IPHONE, maxTouchPoints: 5, standalone: false, displayStandalone: false, ...change });

describe('the iPhone note (push needs the Home Screen on iOS and iPadOS)', () => {
  it('is shown in an iPhone’s or an iPad’s browser tab', () => {
    expect(needsHomeScreenForPush(signals({}))).toBe(true);
    expect(needsHomeScreenForPush(signals({ userAgent: MAC, maxTouchPoints: 5 }))).toBe(true);
  });

  it('is not shown once Qrib runs from the Home Screen, by either sign', () => {
    expect(needsHomeScreenForPush(signals({ displayStandalone: true }))).toBe(false);
    expect(needsHomeScreenForPush(signals({ standalone: true }))).toBe(false);
  });

  it('is not shown on a Mac or on Android', () => {
    expect(needsHomeScreenForPush(signals({ userAgent: MAC, maxTouchPoints: 0 }))).toBe(false);
    expect(needsHomeScreenForPush(signals({ userAgent: ANDROID, standalone: undefined }))).toBe(false);
  });
});
