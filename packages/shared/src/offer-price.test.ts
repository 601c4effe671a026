import { describe, expect, it } from 'vitest';
import { offerPrice } from './offer-price.ts';

describe('offerPrice (issue 27)', () => {
  it('takes a percentage or an amount off the price before, to the cent', () => {
    expect(offerPrice('PERCENTAGE', 20, 4)).toBe(3.2);
    expect(offerPrice('PERCENTAGE', 15, 9.99)).toBe(8.49);
    expect(offerPrice('PERCENTAGE', 100, 12.5)).toBe(0);
    expect(offerPrice('FIXED', 1.5, 4)).toBe(2.5);
    expect(offerPrice('FIXED', 0.1, 0.3)).toBe(0.2);
  });

  it('never goes below zero and knows nothing without a price before or for Buy X get Y', () => {
    expect(offerPrice('FIXED', 10, 4)).toBe(0);
    expect(offerPrice('PERCENTAGE', 20, null)).toBeNull();
    expect(offerPrice('FIXED', 2, null)).toBeNull();
    expect(offerPrice('BUYXGETY', 1, 4)).toBeNull();
  });
});
