import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '@qrib/shared/i18n/en';
import { renderScreen } from '../../../testing/render.tsx';
import { TillCodes } from './till-codes.tsx';

describe('TillCodes', () => {
  it('shows codes claimed, redeemed, the claim-to-redemption rate and each offer, most redeemed first', () => {
    renderScreen(
      <TillCodes
        redemptions={{
          claims: 8,
          redemptions: 5,
          ratePercent: 63,
          byOffer: [
            { offerId: 1, title: 'Two pastizzi for one', claims: 6, redemptions: 4, claimsRedeemed: 4 },
            { offerId: 2, title: 'Coffee and ftira', claims: 2, redemptions: 1, claimsRedeemed: 1 },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: en.vendorInsights.tillTitle })).toBeInTheDocument();
    expect(within(screen.getByTestId('till-claims')).getByText('8')).toBeInTheDocument();
    expect(within(screen.getByTestId('till-redemptions')).getByText('5')).toBeInTheDocument();
    expect(within(screen.getByTestId('till-rate')).getByText('63%')).toBeInTheDocument();
    const rows = within(screen.getByTestId('till-by-offer')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Two pastizzi for one64', 'Coffee and ftira21']);
  });

  it('says so when no code was claimed in the period, with no rate', () => {
    renderScreen(<TillCodes redemptions={{ claims: 0, redemptions: 0, ratePercent: null, byOffer: [] }} />);
    expect(within(screen.getByTestId('till-rate')).getByText(en.vendorInsights.tillRateNone)).toBeInTheDocument();
    expect(screen.getByText(en.vendorInsights.tillEmpty)).toBeInTheDocument();
    expect(screen.queryByTestId('till-by-offer')).toBeNull();
  });
});
