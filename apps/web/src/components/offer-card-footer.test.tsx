import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { OfferCardText } from './offer-card-footer.tsx';

const offer = { offerId: 7, title: 'Two pastizzi for one', description: 'Fresh.', endDate: '2099-06-30' };

describe('OfferCardText: the units left in the card’s foot (issue 13)', () => {
  it.each([
    [3, '3 left'],
    [0, 'Sold out'],
  ])('a limited offer with %i left reads %s', (remaining, text) => {
    renderScreen(<OfferCardText offer={{ ...offer, remaining }} distanceKm={null} />);
    expect(screen.getByTestId('units-left')).toHaveTextContent(text);
  });

  it('an unlimited offer shows no count', () => {
    renderScreen(<OfferCardText offer={{ ...offer, remaining: null }} distanceKm={null} />);
    expect(screen.queryByTestId('units-left')).not.toBeInTheDocument();
    expect(screen.getByTestId('time-left')).toBeInTheDocument();
  });
});
