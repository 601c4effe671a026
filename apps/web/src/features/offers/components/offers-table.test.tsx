import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { en } from '@qrib/shared/i18n/en';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import type { OfferFigures } from '@qrib/shared/insight-schemas';
import type { Offer } from '@qrib/shared/offer-schemas';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { OffersTable } from './offers-table.tsx';

const offer: Offer = {
  offerId: 7,
  vendorId: 3,
  title: 'Two pastizzi for one',
  description: 'Fresh from the oven every morning.',
  discountType: 'PERCENTAGE',
  discountValue: 50,
  startDate: '2025-06-01',
  endDate: '2025-06-30',
  status: 'ACTIVE',
  featuredOffer: true,
  targetAudience: 'NEW_CUSTOMERS',
  termsAndConditions: null,
  redemptionLimit: 'LIMITED',
  maxRedemptions: 40,
  regularPrice: null,
  offerPrice: null,
  buyQuantity: null,
  getQuantity: null,
  schedule: null,
  activeNow: null,
  windowOpensAt: null,
  windowClosesAt: null,
  redeemedCount: 0,
  remaining: 40,
  sendNotifications: false,
  category: null,
  vendor: {
    vendorId: 3,
    businessName: 'Crystal Palace Bar',
    businessType: 'RESTAURANT',
    businessAddress: 'Triq San Pawl, Rabat',
    logoUrl: null,
    contactEmail: 'hello@crystalpalace.mt',
    contactPhone: '+356 2145 0000',
    latitude: 35.8811,
    longitude: 14.3988,
    openingHours: null,
    openNow: null,
    nextChange: null,
    primaryContactName: 'Maria Borg',
  },
  documents: [],
  images: [],
  imageUrl: null,
  isOwner: true,
  createdAt: '2025-05-20T08:00:00.000Z',
  updatedAt: '2025-05-20T08:00:00.000Z',
};

const renderTable = () => renderScreen(<OffersTable />, { route: '/offerslist' });

const WEEK = 'GET /api/v1/vendors/me/insights/offers';
/** This week's figures as the API answers them (issue 28 §5). */
const weekOf = (offers: Partial<OfferFigures>[]) => ({
  body: {
    data: {
      range: { from: '2025-06-09', to: '2025-06-15', days: 7 },
      offers: offers.map((figures) => ({
        offerId: 7,
        title: 'Two pastizzi for one',
        status: 'ACTIVE',
        impressions: 0,
        views: 0,
        saves: 0,
        claims: 0,
        claimsRedeemed: 0,
        redemptions: 0,
        ...figures,
      })),
    },
  },
});
const noWeek = weekOf([]);

/** The value shown next to a label of a <dl>. */
const valueOf = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('OffersTable', () => {
  it("shows 'Loading…' while the offers are on their way", () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': neverAnswer, [WEEK]: neverAnswer });
    renderTable();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loadingEllipsis);
  });

  it("shows 'Error: {message}' when the offers cannot be read", async () => {
    const refused = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn, code: 'notSignedIn', params: {} } };
    stubApi({ 'GET /api/v1/vendors/me/offers': refused, [WEEK]: refused });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.errorWithMessage, { message: MESSAGES.notSignedIn }));
  });

  it("shows 'No offers found.' when the vendor has none", async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [] } }, [WEEK]: noWeek });
    renderTable();
    expect(await screen.findByText(MESSAGES.noOffersFound)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each offer with a dash for a missing category, its validity, its status and this week’s numbers', async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [offer] } }, [WEEK]: weekOf([{ views: 12, saves: 3, claims: 2, redemptions: 1 }]) });
    renderTable();
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New offer' })).toHaveAttribute('href', '/add-offer');
    expect(screen.getByText(en.weekNumbers.weekNote.replace('{{days}}', '7'))).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Title',
      'Category',
      'Validity',
      'Status',
      'Redeemed',
      'This week',
      'Action',
    ]);
    await waitFor(() => expect(within(screen.getByTestId('offer-week')).getByTestId('week-views')).toHaveTextContent('Views12'));
    const [titleCell, ...otherCells] = within(table).getAllByRole('cell');
    expect(otherCells.map((cell) => cell.textContent)).toEqual([
      '—',
      '1 Jun 2025 – 30 Jun 2025',
      'Active',
      '0 / 40',
      'Views12Saves3Codes2Redemptions1',
      'ViewEditPause',
    ]);
    // Below `md` the title cell repeats them under labels (those columns are hidden there).
    expect(titleCell).toHaveTextContent('Two pastizzi for one');
    expect(valueOf(titleCell ?? table, 'Validity')).toHaveTextContent('1 Jun 2025 – 30 Jun 2025');
  });

  it("shows 'redeemed / max' for a limited offer and the plain count for an unlimited one, on wide screens and under the title", async () => {
    const unlimited: Offer = { ...offer, offerId: 8, title: 'Free coffee', redemptionLimit: 'UNLIMITED', maxRedemptions: null, redeemedCount: 12, remaining: null };
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [{ ...offer, redeemedCount: 9, remaining: 31 }, unlimited] } }, [WEEK]: noWeek });
    renderTable();
    await screen.findByRole('table');
    expect(screen.getAllByTestId('offer-redeemed').map((cell) => cell.textContent)).toEqual(['9 / 40', '12']);
    expect(screen.getAllByTestId('offer-redeemed-narrow').map((cell) => cell.textContent)).toEqual(['9 / 40', '12']);
  });

  it('opens the offer in a modal with its details and a Vendor Info section', async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [offer] } }, [WEEK]: noWeek });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View' }));

    const dialog = screen.getByRole('dialog', { name: offer.title });
    expect(valueOf(dialog, 'Category')).toHaveTextContent('—');
    expect(valueOf(dialog, 'Discount')).toHaveTextContent('50%');
    expect(valueOf(dialog, 'Target audience')).toHaveTextContent('New customers');
    expect(valueOf(dialog, 'Featured')).toHaveTextContent('Yes');
    expect(valueOf(dialog, 'Send notifications')).toHaveTextContent('No');
    expect(valueOf(dialog, 'Terms & Conditions')).toHaveTextContent('—');
    expect(valueOf(dialog, 'Redemption limit')).toHaveTextContent('Limited to 40');

    const vendorInfo = within(dialog).getByRole('region', { name: 'Vendor Info' });
    expect(valueOf(vendorInfo, 'Business name')).toHaveTextContent('Crystal Palace Bar');
    expect(valueOf(vendorInfo, 'Business type')).toHaveTextContent('Restaurant');
    expect(valueOf(vendorInfo, 'Contact phone')).toHaveTextContent('+356 2145 0000');
    expect(within(dialog).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/viewoffer/7');
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-offer/7');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pauses an active offer from the modal with POST /api/v1/offers/:id/pause', async () => {
    let offers = [offer];
    const api = stubApi({
      'GET /api/v1/vendors/me/offers': () => ({ body: { data: offers } }),
      'POST /api/v1/offers/7/pause': () => {
        offers = [{ ...offer, status: 'PAUSED' }];
        return { body: { data: offers[0] } };
      },
      [WEEK]: noWeek,
    });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pause' }));

    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/offers/7/pause', body: undefined });
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(valueOf(dialog, 'Status')).toHaveTextContent('Paused');
  });

  it('shows each row’s thumbnail: the offer’s photo, or a grey square without one', async () => {
    stubApi({
      'GET /api/v1/vendors/me/offers': { body: { data: [{ ...offer, imageUrl: '/uploads/public/7-card.webp' }, { ...offer, offerId: 8, title: 'No photo' }] } },
      [WEEK]: noWeek,
    });
    renderTable();
    await screen.findByRole('table');
    const [photo, none] = screen.getAllByTestId('offer-thumbnail');
    expect(photo).toHaveAttribute('src', '/uploads/public/7-card.webp');
    // The title beside it names the offer: the picture adds nothing for a screen reader.
    expect(photo).toHaveAttribute('alt', '');
    expect(none?.tagName).toBe('SPAN');
    expect(none).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows this week’s numbers under the title on a phone, zeros for an offer the week has no figure of, dashes while they load', async () => {
    let answerWeek: (answer: ReturnType<typeof weekOf>) => void = () => undefined;
    const second: Offer = { ...offer, offerId: 8, title: 'Free coffee' };
    stubApi({
      'GET /api/v1/vendors/me/offers': { body: { data: [offer, second] } },
      [WEEK]: () => new Promise((resolve) => (answerWeek = resolve)),
    });
    renderTable();
    await screen.findByRole('table');
    const narrow = () => screen.getAllByTestId('offer-week-narrow').map((figures) => figures.textContent);
    expect(narrow()).toEqual(['Views—Saves—Codes—Redemptions—', 'Views—Saves—Codes—Redemptions—']);
    answerWeek(weekOf([{ views: 1234, saves: 5, claims: 4, redemptions: 3 }]));
    await waitFor(() => expect(narrow()).toEqual(['Views1,234Saves5Codes4Redemptions3', 'Views0Saves0Codes0Redemptions0']));
  });

  it('says so when this week’s numbers cannot be read, and still lists the offers', async () => {
    stubApi({
      'GET /api/v1/vendors/me/offers': { body: { data: [offer] } },
      [WEEK]: { status: 403, body: { statusCode: 403, error: 'Forbidden', message: MESSAGES.registerBusinessFirst, code: 'registerBusinessFirst', params: {} } },
    });
    renderTable();
    expect(await screen.findByText(en.weekNumbers.figuresFailed)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Two pastizzi for one/ })).toBeInTheDocument();
  });

  it('has Edit and Pause on the row, each naming its offer; Pause asks the status call and the row then offers Resume', async () => {
    let offers = [offer];
    const api = stubApi({
      'GET /api/v1/vendors/me/offers': () => ({ body: { data: offers } }),
      'POST /api/v1/offers/7/pause': () => {
        offers = [{ ...offer, status: 'PAUSED' }];
        return { body: { data: offers[0] } };
      },
      'POST /api/v1/offers/7/resume': () => {
        offers = [offer];
        return { body: { data: offer } };
      },
      [WEEK]: noWeek,
    });
    renderTable();
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Two pastizzi for one/ });
    const edit = within(row).getByRole('link', { name: 'Edit' });
    expect(edit).toHaveAttribute('href', '/edit-offer/7');
    expect(edit).toHaveAccessibleDescription('Two pastizzi for one');
    const pause = within(row).getByRole('button', { name: 'Pause' });
    expect(pause).toHaveAccessibleDescription('Two pastizzi for one');
    await user.click(pause);
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/offers/7/pause', body: undefined });
    const resume = await within(row).findByRole('button', { name: 'Resume' });
    expect(within(row).getAllByText('Paused').length).toBeGreaterThan(0);
    await user.click(resume);
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/offers/7/resume', body: undefined });
    expect(await within(row).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('offers neither Pause nor Resume for an ended offer, and shows the refusal when a pause is refused', async () => {
    const ended: Offer = { ...offer, offerId: 8, title: 'Old deal', status: 'ENDED' };
    stubApi({
      'GET /api/v1/vendors/me/offers': { body: { data: [offer, ended] } },
      'POST /api/v1/offers/7/pause': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: MESSAGES.offerNotYours, code: 'offerNotYours', params: {} },
      },
      [WEEK]: noWeek,
    });
    renderTable();
    const user = userEvent.setup();
    const endedRow = await screen.findByRole('row', { name: /Old deal/ });
    expect(within(endedRow).queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
    expect(within(endedRow).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Two pastizzi for one/ });
    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(MESSAGES.offerNotYours);
  });
});
