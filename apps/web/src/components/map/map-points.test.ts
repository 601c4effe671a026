import { describe, expect, it } from 'vitest';
import { isBetterDiscount, shopFeatures, shopPointsFromOffers } from './map-points.ts';

const at = { latitude: 35.9, longitude: 14.5 };

describe('shopPointsFromOffers', () => {
  it('keeps each shop once with its best discount: the largest percentage, else the largest amount, else Special Off', () => {
    const shops = shopPointsFromOffers([
      { vendorId: 1, businessName: 'Crystal Palace', ...at, discountType: 'FIXED', discountValue: 50 },
      { vendorId: 1, businessName: 'Crystal Palace', ...at, discountType: 'PERCENTAGE', discountValue: 15 },
      { vendorId: 1, businessName: 'Crystal Palace', ...at, discountType: 'PERCENTAGE', discountValue: 30 },
      { vendorId: 1, businessName: 'Crystal Palace', ...at, discountType: 'PERCENTAGE', discountValue: 20 },
      { vendorId: 2, businessName: 'Fish Shop', latitude: 35.84, longitude: 14.54, discountType: 'BUYXGETY', discountValue: 1 },
      { vendorId: 2, businessName: 'Fish Shop', latitude: 35.84, longitude: 14.54, discountType: 'FIXED', discountValue: 3 },
      { vendorId: 2, businessName: 'Fish Shop', latitude: 35.84, longitude: 14.54, discountType: 'FIXED', discountValue: 5 },
      { vendorId: 3, businessName: 'Barber', ...at, discountType: 'BUYXGETY', discountValue: 2 },
    ]);
    expect(shops).toEqual([
      { vendorId: 1, businessName: 'Crystal Palace', ...at, best: { discountType: 'PERCENTAGE', discountValue: 30 } },
      { vendorId: 2, businessName: 'Fish Shop', latitude: 35.84, longitude: 14.54, best: { discountType: 'FIXED', discountValue: 5 } },
      { vendorId: 3, businessName: 'Barber', ...at, best: { discountType: 'BUYXGETY', discountValue: 2 } },
    ]);
  });

  it('ranks a percentage above any amount', () => {
    expect(isBetterDiscount({ discountType: 'PERCENTAGE', discountValue: 5 }, { discountType: 'FIXED', discountValue: 100 })).toBe(true);
    expect(isBetterDiscount({ discountType: 'FIXED', discountValue: 1 }, { discountType: 'BUYXGETY', discountValue: 3 })).toBe(true);
    expect(isBetterDiscount({ discountType: 'PERCENTAGE', discountValue: 10 }, { discountType: 'PERCENTAGE', discountValue: 10 })).toBe(false);
  });
});

describe('shopFeatures', () => {
  it('makes one GeoJSON point per shop, [longitude, latitude], with the percentage clusters take the max of', () => {
    const features = shopFeatures([
      { vendorId: 7, businessName: 'Café', latitude: 35.91, longitude: 14.49, best: { discountType: 'PERCENTAGE', discountValue: 25 } },
      { vendorId: 8, businessName: 'Shop', latitude: 36.04, longitude: 14.24, best: { discountType: 'FIXED', discountValue: 10 } },
    ]);
    expect(features.features).toEqual([
      {
        type: 'Feature',
        id: 7,
        geometry: { type: 'Point', coordinates: [14.49, 35.91] },
        properties: { vendorId: 7, businessName: 'Café', discountType: 'PERCENTAGE', discountValue: 25, percent: 25 },
      },
      {
        type: 'Feature',
        id: 8,
        geometry: { type: 'Point', coordinates: [14.24, 36.04] },
        properties: { vendorId: 8, businessName: 'Shop', discountType: 'FIXED', discountValue: 10, percent: 0 },
      },
    ]);
  });
});

describe('a shop with no current offer', () => {
  it('is a point with no discount (its marker shows its name)', () => {
    const [feature] = shopFeatures([{ vendorId: 9, businessName: 'Closed Café', latitude: 35.9, longitude: 14.5 }]).features;
    expect(feature?.properties).toEqual({ vendorId: 9, businessName: 'Closed Café', percent: 0 });
  });
});

describe('a Buy-X-get-Y marker (issue 27)', () => {
  it('carries the offer’s quantities to its feature, so the marker reads "Buy 2, get 1 free"; none without them', () => {
    const shops = shopPointsFromOffers([
      { vendorId: 4, businessName: 'Pastizzeria', ...at, discountType: 'BUYXGETY', discountValue: 1, buyQuantity: 2, getQuantity: 1 },
      { vendorId: 5, businessName: 'Kiosk', ...at, discountType: 'BUYXGETY', discountValue: 1, buyQuantity: null, getQuantity: null },
    ]);
    expect(shops[0]?.best).toEqual({ discountType: 'BUYXGETY', discountValue: 1, buyQuantity: 2, getQuantity: 1 });
    expect(shops[1]?.best).toEqual({ discountType: 'BUYXGETY', discountValue: 1 });
    const [withQuantities, without] = shopFeatures(shops).features;
    expect(withQuantities?.properties).toEqual({ vendorId: 4, businessName: 'Pastizzeria', discountType: 'BUYXGETY', discountValue: 1, buyQuantity: 2, getQuantity: 1, percent: 0 });
    expect(without?.properties).toEqual({ vendorId: 5, businessName: 'Kiosk', discountType: 'BUYXGETY', discountValue: 1, percent: 0 });
  });
});
