import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRUST_LEVELS } from '@qrib/shared/insight-constants';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import {
  RANKING_PARAMETERS,
  RATING_WINDOW_MONTHS,
  REPORTS_PER_HOUR,
  REVIEWABLE_PURCHASES,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
  TRUST_PURCHASES_PER_SHOPPER_DAY,
} from '@qrib/shared/trust-constants';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { HowOffersAreOrdered, HowRatingsWork } from './trust-pages.tsx';

describe('How ratings and reviews work', () => {
  it('states the rules with every number read from packages/shared', () => {
    stubApi({});
    renderScreen(<HowRatingsWork />);
    expect(screen.getByRole('heading', { level: 1, name: 'How ratings and reviews work' })).toBeInTheDocument();
    expect(within(screen.getByTestId('reviewable-purchases')).getAllByRole('listitem')).toHaveLength(REVIEWABLE_PURCHASES.length);
    expect(screen.getByText(/A receipt that only the shop confirmed does not grant a review/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`within ${REVIEW_WINDOW_DAYS} days of the purchase, once per purchase.*up to ${REVIEW_TEXT_MAX.toLocaleString('en')} characters`))).toBeInTheDocument();
    expect(screen.getByText(/negative ones too.*cannot hide or delete a review/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`last ${RATING_WINDOW_MONTHS} months, counting only each shopper’s latest review`))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`at most ${TRUST_PURCHASES_PER_SHOPPER_DAY} per shopper, shop and day`))).toBeInTheDocument();
    const levels = within(screen.getByTestId('trust-levels')).getAllByRole('listitem');
    expect(levels.map((item) => item.textContent)).toEqual(
      TRUST_LEVELS.map(({ level, minVerifiedPurchases }) => `${level[0]}${level.slice(1).toLowerCase()}: from ${minVerifiedPurchases} verified purchases`),
    );
    expect(screen.getByText(/customer confirmations/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`up to ${REPORTS_PER_HOUR} reports an hour`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Qrib' })).toHaveAttribute('href', '/');
  });
});

describe('How offers are ordered', () => {
  it('names each ranking parameter, the radius from packages/shared, and that nothing is paid for', () => {
    stubApi({});
    renderScreen(<HowOffersAreOrdered />);
    expect(screen.getByRole('heading', { level: 1, name: 'How offers are ordered' })).toBeInTheDocument();
    expect(within(screen.getByTestId('ranking-parameters')).getAllByRole('listitem')).toHaveLength(RANKING_PARAMETERS.length);
    expect(screen.getByText(new RegExp(`within ${NEARBY_RADIUS_KM} km, nearest first`))).toBeInTheDocument();
    expect(screen.getByText(/labelled ‘Featured’/)).toBeInTheDocument();
    expect(screen.getByText(/best match your words; you can sort by nearest or newest instead/)).toBeInTheDocument();
    expect(screen.getByText('Nothing is paid for: no shop can pay Qrib to appear higher.')).toBeInTheDocument();
  });
});
