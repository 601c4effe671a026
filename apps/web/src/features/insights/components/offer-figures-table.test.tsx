import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '@qrib/shared/i18n/en';
import type { OfferFigures } from '@qrib/shared/insight-schemas';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { OfferFiguresTable } from './offer-figures-table.tsx';

const RANGE = { from: '2026-03-02', to: '2026-03-08', days: 7 };
const FIGURES = 'GET /api/v1/vendors/me/insights/offers?from=2026-03-02&to=2026-03-08';

const figures = (offers: OfferFigures[]) => ({ body: { data: { range: RANGE, offers } } });

describe('OfferFiguresTable', () => {
  it('lists each offer of the chosen period with its figures, and links to the period’s CSV', async () => {
    stubApi({
      [FIGURES]: figures([
        { offerId: 1, title: 'Two pastizzi for one', status: 'ACTIVE', impressions: 1200, views: 80, saves: 9, claims: 6, claimsRedeemed: 4, redemptions: 5 },
        { offerId: 2, title: 'Coffee and ftira', status: 'PAUSED', impressions: 0, views: 0, saves: 0, claims: 0, claimsRedeemed: 0, redemptions: 0 },
      ]),
    });
    renderScreen(<OfferFiguresTable range={RANGE} />);
    expect(screen.getByRole('heading', { name: en.weekNumbers.tableTitle })).toBeInTheDocument();
    const table = await screen.findByTestId('offer-figures');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Offer', 'Shown', 'Views', 'Saves', 'Codes', 'Redemptions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Two pastizzi for one1,20080965', 'Coffee and ftiraPaused00000']);
    const download = screen.getByRole('link', { name: en.weekNumbers.downloadCsv });
    expect(download).toHaveAttribute('href', '/api/v1/vendors/me/insights/export.csv?from=2026-03-02&to=2026-03-08');
    expect(download).toHaveAttribute('download');
    expect(screen.getByText((text) => text.replace(/\s/g, ' ') === 'A row for each day and offer, 2 – 8 Mar 2026.')).toBeInTheDocument();
  });

  it('says so when the period has no offer, and still offers the CSV', async () => {
    stubApi({ [FIGURES]: figures([]) });
    renderScreen(<OfferFiguresTable range={RANGE} />);
    expect(await screen.findByText(en.weekNumbers.empty)).toBeInTheDocument();
    expect(screen.queryByTestId('offer-figures')).toBeNull();
    expect(screen.getByRole('link', { name: en.weekNumbers.downloadCsv })).toBeInTheDocument();
  });

  it("shows 'Loading…' while the figures are on their way", () => {
    stubApi({ [FIGURES]: neverAnswer });
    renderScreen(<OfferFiguresTable range={RANGE} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
