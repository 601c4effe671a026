import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '@qrib/shared/i18n/en';
import { TRUST_LEVELS } from '@qrib/shared/insight-constants';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import {
  DISPUTE_RATE_DAYS,
  ESTABLISHED_ACCOUNT_DAYS,
  ESTABLISHED_OTHER_SHOPS,
  RANKING_PARAMETERS,
  RATING_WINDOW_MONTHS,
  REPORTS_PER_HOUR,
  REVIEWABLE_PURCHASES,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
  SUSPICIOUS_BURST_ACCOUNTS,
  SUSPICIOUS_BURST_WINDOW_MINUTES,
  SUSPICIOUS_NEW_ACCOUNT_DAYS,
  TRUST_PURCHASES_PER_SHOPPER_DAY,
} from '@qrib/shared/trust-constants';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { HowOffersAreOrdered, HowRatingsWork } from './trust-pages.tsx';

const page = en.trust.ratingsPage;
/** A catalog string with its placeholders filled, as the page must show it. */
const fill = (text: string, values: Record<string, number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

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
    expect(screen.getByText(/shown apart, as ‘customer confirmations’, and do not raise the level/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`up to ${REPORTS_PER_HOUR} reports an hour`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Qrib' })).toHaveAttribute('href', '/');
  });

  it('explains issue 24’s rules (ADR 016): proofs, asking the shop, established accounts, disputes, counted purchases, suspicious activity', () => {
    stubApi({});
    renderScreen(<HowRatingsWork />);
    for (const heading of [page.evidenceHeading, page.askShopHeading, page.establishedHeading, page.disputeHeading, page.suspiciousHeading]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('proofs')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(Object.values(page.proofs));
    expect(screen.getByText(/A PDF never counts by itself/)).toBeInTheDocument();
    expect(screen.getByText(/signs of real paper, photographed or scanned/)).toBeInTheDocument();
    expect(screen.getByText(page.askShop)).toBeInTheDocument();
    expect(screen.getByText(/‘Ask the shop to check’/)).toBeInTheDocument();
    // The numbers come from packages/shared, filled into the catalog's text.
    expect(screen.getByText(fill(page.established, { days: ESTABLISHED_ACCOUNT_DAYS, shops: ESTABLISHED_OTHER_SHOPS }))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`at least ${ESTABLISHED_ACCOUNT_DAYS} days old or has verified purchases at ${ESTABLISHED_OTHER_SHOPS} or more other shops`))).toBeInTheDocument();
    expect(screen.getByText(page.held)).toBeInTheDocument();
    expect(screen.getByText(page.dispute)).toBeInTheDocument();
    expect(screen.getByText(/marked ‘Under dispute’ and is left out of the rating/)).toBeInTheDocument();
    expect(screen.getByText(fill(page.disputeRate, { days: DISPUTE_RATE_DAYS }))).toBeInTheDocument();
    expect(screen.getByText(page.levelsCounted)).toBeInTheDocument();
    const suspicious = fill(page.suspicious, {
      accounts: SUSPICIOUS_BURST_ACCOUNTS,
      days: SUSPICIOUS_NEW_ACCOUNT_DAYS,
      minutes: SUSPICIOUS_BURST_WINDOW_MINUTES,
    });
    expect(screen.getByText(suspicious)).toBeInTheDocument();
    expect(suspicious).toContain(`When ${SUSPICIOUS_BURST_ACCOUNTS} or more accounts`);
    expect(suspicious).toContain(`within ${SUSPICIOUS_BURST_WINDOW_MINUTES} minutes`);
    expect(screen.getByText(page.suspiciousCounts)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\{\{/);
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
    expect(screen.getByText(en.trust.offersPage.notRated)).toBeInTheDocument();
    expect(screen.getByText(/trust levels do not change this order.*activity Qrib holds as suspicious counts nowhere/)).toBeInTheDocument();
    expect(screen.getByText('Nothing is paid for: no shop can pay Qrib to appear higher.')).toBeInTheDocument();
  });
});
