import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../testing/api-stub.ts';
import { renderScreen } from '../testing/render.tsx';
import { OfferCard, priceChangeOf, type OfferCardOffer } from './offer-card.tsx';

const offer: OfferCardOffer = {
  offerId: 7,
  title: 'Two pastizzi for one',
  description: 'Fresh from the oven every morning.',
  imageUrl: '/uploads/public/offers/7-card.webp',
  discountType: 'PERCENTAGE',
  discountValue: 20,
  endDate: '2099-06-30',
  remaining: null,
  regularPrice: null,
  offerPrice: null,
};
const shop = { businessName: "Joseph's Pastizzeria", logoUrl: null };
const noFavorites = { 'GET /api/v1/me/favorites': { body: { data: [] } } };

function renderCard(changes: Partial<OfferCardOffer> = {}, options: { language?: 'en' | 'ar'; distanceKm?: number | null } = {}) {
  stubApi(noFavorites);
  renderScreen(<OfferCard offer={{ ...offer, ...changes }} shop={shop} distanceKm={options.distanceKm ?? 0.35} />, { language: options.language ?? 'en' });
  return screen.getByTestId('offer-card');
}

describe('OfferCard', () => {
  it('shows the spec’s card: photo, badge, heart, initial and name of the shop, title, description, distance, time left, View Offer', async () => {
    const card = renderCard();
    expect(within(card).getByRole('img', { name: "Two pastizzi for one at Joseph's Pastizzeria" })).toHaveAttribute('src', '/uploads/public/offers/7-card.webp');
    expect(within(card).getByTestId('badge')).toHaveTextContent('20%');
    expect(within(card).getByText('J', { selector: 'span[aria-hidden="true"]' })).toBeInTheDocument();
    expect(within(card).getByTestId('business-name')).toHaveTextContent("Joseph's Pastizzeria");
    expect(within(card).getByRole('heading', { level: 3, name: 'Two pastizzi for one' })).toBeInTheDocument();
    expect(within(card).getByText('Fresh from the oven every morning.')).toBeInTheDocument();
    expect(within(card).getByTestId('distance')).toHaveTextContent('350 m away');
    expect(within(card).getByTestId('time-left')).toHaveTextContent(/days Left$/);
    expect(within(card).getByRole('link', { name: 'View Offer: Two pastizzi for one' })).toHaveAttribute('href', '/viewoffer/7');
    await vi.waitFor(() => expect(within(card).getByRole('button', { name: 'Save Two pastizzi for one' })).toBeEnabled());
  });

  it('puts the photo beside the words, not above them', () => {
    const card = renderCard();
    expect(card.className).toMatch(/\bflex\b/);
    expect(card.className).not.toMatch(/\bflex-col\b/);
  });

  it('shows the price before struck through and the offer’s price, with both said in words', () => {
    const card = renderCard({ regularPrice: 4, offerPrice: 3.2 });
    const price = within(card).getByTestId('price');
    expect(within(price).getByText('€4.00', { selector: 's' })).toBeInTheDocument();
    expect(price).toHaveTextContent('€4.00 → €3.20');
    expect(within(price).getByText('Price before €4.00, now €3.20')).toHaveClass('sr-only');
  });

  it('takes the price after from the answer, and has none without a price before', () => {
    expect(priceChangeOf({ regularPrice: 4, offerPrice: 3.2 })).toEqual({ before: 4, after: 3.2 });
    expect(priceChangeOf({ regularPrice: 4, offerPrice: null })).toEqual({ before: 4, after: null });
    expect(priceChangeOf({ regularPrice: null, offerPrice: null })).toBeNull();
    expect(priceChangeOf({})).toBeNull();
  });

  it("reads 'Buy 2, get 1 free' for a Buy-X-get-Y offer with its quantities, with its price before alone", () => {
    const card = renderCard({ discountType: 'BUYXGETY', discountValue: 0, buyQuantity: 2, getQuantity: 1, regularPrice: 4, offerPrice: null });
    expect(within(card).getByTestId('badge')).toHaveTextContent('Buy 2, get 1 free');
    const price = within(card).getByTestId('price');
    expect(price).toHaveTextContent('€4.00');
    expect(price.querySelector('s')).toBeNull();
    expect(price.textContent).not.toContain('→');
  });

  it('shows no price when the shop gave none', () => {
    const card = renderCard({ regularPrice: null, offerPrice: null });
    expect(within(card).queryByTestId('price')).not.toBeInTheDocument();
  });

  it.each([
    [3, '3 left'],
    [0, 'Sold out'],
  ])('a limited offer with %i left reads %s', (remaining, text) => {
    const card = renderCard({ remaining });
    expect(within(card).getByTestId('units-left')).toHaveTextContent(text);
  });

  it('an unlimited offer shows no count', () => {
    const card = renderCard({ remaining: null });
    expect(within(card).queryByTestId('units-left')).not.toBeInTheDocument();
    expect(within(card).getByTestId('time-left')).toBeInTheDocument();
  });

  it.each([
    [{ discountType: 'FIXED', discountValue: 1.5 }, '€1.50 off'],
    [{ discountType: 'BUYXGETY', discountValue: 0 }, 'Special Off'],
    [{ discountType: 'BUYXGETY', discountValue: 0, buyQuantity: null, getQuantity: null }, 'Special Off'],
  ] as const)('badges %o as %s', (discount, text) => {
    const card = renderCard(discount);
    expect(within(card).getByTestId('badge')).toHaveTextContent(text);
  });

  it('reads right to left in Arabic, the arrow pointing from the price before to the price after', () => {
    const card = renderCard({ regularPrice: 4, offerPrice: 3.2 }, { language: 'ar' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const price = within(card).getByTestId('price');
    expect(price.textContent).toContain('←');
    expect(price.textContent).not.toContain('→');
    expect(within(card).getByRole('heading', { level: 3 }).querySelector('bdi')).toHaveTextContent('Two pastizzi for one');
  });

  it('fetches the top card’s photo at once with high priority and the others lazily', () => {
    stubApi(noFavorites);
    renderScreen(
      <>
        <OfferCard offer={offer} shop={shop} distanceKm={null} first />
        <OfferCard offer={{ ...offer, offerId: 8 }} shop={shop} distanceKm={null} />
      </>,
    );
    const [top, next] = screen.getAllByRole('img', { name: /Two pastizzi/ });
    expect(top).toHaveAttribute('loading', 'eager');
    expect(top).toHaveAttribute('fetchpriority', 'high');
    expect(next).toHaveAttribute('loading', 'lazy');
    expect(next).toHaveAttribute('fetchpriority', 'auto');
  });

  it("labels a featured offer 'Featured' and no other", () => {
    stubApi(noFavorites);
    renderScreen(
      <>
        <OfferCard offer={{ ...offer, featuredOffer: true }} shop={shop} distanceKm={null} />
        <OfferCard offer={{ ...offer, offerId: 8, featuredOffer: false }} shop={shop} distanceKm={null} />
        <OfferCard offer={{ ...offer, offerId: 9 }} shop={shop} distanceKm={null} />
      </>,
    );
    expect(screen.getAllByText('Featured')).toHaveLength(1);
  });

  it("labels distance and time left on the category screen: 'Distance: …', 'Time Left: …' (spec §2.4)", () => {
    stubApi(noFavorites);
    renderScreen(<OfferCard offer={offer} shop={shop} distanceKm={0.35} labelled />);
    expect(screen.getByTestId('distance')).toHaveTextContent('Distance: 350 m away');
    expect(screen.getByTestId('offer-card')).toHaveTextContent(/Time Left: [\d,]+ days Left/);
  });

  it('shows the shop’s logo when it has one, and the search’s own link words', () => {
    stubApi(noFavorites);
    renderScreen(<OfferCard offer={offer} shop={{ businessName: 'Crystal Palace Bar', logoUrl: '/uploads/public/logo.webp' }} distanceKm={null} linkLabel="View Details" />);
    expect(document.querySelector('img[src="/uploads/public/logo.webp"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'View Details: Two pastizzi for one' })).toBeInTheDocument();
    expect(screen.queryByTestId('distance')).not.toBeInTheDocument();
  });
});
