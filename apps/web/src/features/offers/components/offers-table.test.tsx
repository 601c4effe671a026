import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
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

/** The value shown next to a label of a <dl>. */
const valueOf = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('OffersTable', () => {
  it("shows 'Loading…' while the offers are on their way", () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': neverAnswer });
    renderTable();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loadingEllipsis);
  });

  it("shows 'Error: {message}' when the offers cannot be read", async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn, code: 'notSignedIn', params: {} } } });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.errorWithMessage, { message: MESSAGES.notSignedIn }));
  });

  it("shows 'No offers found.' when the vendor has none", async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [] } } });
    renderTable();
    expect(await screen.findByText(MESSAGES.noOffersFound)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each offer with a dash for a missing category, its validity and its status', async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [offer] } } });
    renderTable();
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New offer' })).toHaveAttribute('href', '/add-offer');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Category', 'Validity', 'Status', 'Redeemed', 'Action']);
    const [titleCell, ...otherCells] = within(table).getAllByRole('cell');
    expect(otherCells.map((cell) => cell.textContent)).toEqual(['—', '1 Jun 2025 – 30 Jun 2025', 'Active', '0 / 40', 'View']);
    // Below `md` the title cell repeats them under labels (those columns are hidden there).
    expect(titleCell).toHaveTextContent('Two pastizzi for one');
    expect(valueOf(titleCell ?? table, 'Validity')).toHaveTextContent('1 Jun 2025 – 30 Jun 2025');
  });

  it("shows 'redeemed / max' for a limited offer and the plain count for an unlimited one, on wide screens and under the title", async () => {
    const unlimited: Offer = { ...offer, offerId: 8, title: 'Free coffee', redemptionLimit: 'UNLIMITED', maxRedemptions: null, redeemedCount: 12, remaining: null };
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [{ ...offer, redeemedCount: 9, remaining: 31 }, unlimited] } } });
    renderTable();
    await screen.findByRole('table');
    expect(screen.getAllByTestId('offer-redeemed').map((cell) => cell.textContent)).toEqual(['9 / 40', '12']);
    expect(screen.getAllByTestId('offer-redeemed-narrow').map((cell) => cell.textContent)).toEqual(['9 / 40', '12']);
  });

  it('opens the offer in a modal with its details and a Vendor Info section', async () => {
    stubApi({ 'GET /api/v1/vendors/me/offers': { body: { data: [offer] } } });
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
});
