import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render.tsx';
import { OfferCardMedia, type CardOffer } from './offer-card-media.tsx';

const offer: CardOffer = { offerId: 7, title: 'Pastizzi', imageUrl: '/uploads/public/offers/7-card.webp', discountType: 'PERCENTAGE', discountValue: 20 };

describe('OfferCardMedia', () => {
  it('fetches the top card photo at once with high priority and the others lazily', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <OfferCardMedia offer={offer} businessName="First shop" first />
            <OfferCardMedia offer={{ ...offer, offerId: 8 }} businessName="Second shop" />
          </>
        ),
      },
    ]);
    const [top, next] = await screen.findAllByRole('img', { name: /Pastizzi/ });
    expect(top).toHaveAttribute('loading', 'eager');
    expect(top).toHaveAttribute('fetchpriority', 'high');
    expect(next).toHaveAttribute('loading', 'lazy');
    expect(next).toHaveAttribute('fetchpriority', 'auto');
  });

  it("labels a featured offer 'Featured' and no other", async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <OfferCardMedia offer={{ ...offer, featuredOffer: true }} businessName="First shop" />
            <OfferCardMedia offer={{ ...offer, offerId: 8, featuredOffer: false }} businessName="Second shop" />
            <OfferCardMedia offer={{ ...offer, offerId: 9 }} businessName="Third shop" />
          </>
        ),
      },
    ]);
    expect(await screen.findAllByText('Featured')).toHaveLength(1);
  });
});
