import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import type { Offer } from '@qrib/shared/offer-schemas';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { OfferDetail } from './offer-detail.tsx';

const offer: Offer = {
  offerId: 7,
  vendorId: 3,
  title: 'Two pastizzi for one',
  description: 'Fresh from the oven every morning.',
  discountType: 'FIXED',
  discountValue: 2.5,
  startDate: '2025-06-01',
  endDate: '2025-06-30',
  status: 'ACTIVE',
  featuredOffer: false,
  targetAudience: 'ALL_CUSTOMERS',
  termsAndConditions: null,
  redemptionLimit: 'UNLIMITED',
  maxRedemptions: null,
  regularPrice: null,
  offerPrice: null,
  buyQuantity: null,
  getQuantity: null,
  schedule: null,
  activeNow: null,
  windowOpensAt: null,
  windowClosesAt: null,
  redeemedCount: 0,
  remaining: null,
  sendNotifications: true,
  category: null,
  vendor: {
    vendorId: 3,
    businessName: 'Crystal Palace Bar',
    businessType: 'RESTAURANT',
    businessAddress: 'Triq San Pawl, Rabat',
    logoUrl: null,
    contactEmail: 'hello@crystalpalace.mt',
    contactPhone: '',
    latitude: 35.8811,
    longitude: 14.3988,
    openingHours: null,
    openNow: null,
    nextChange: null,
    primaryContactName: 'Maria Borg',
  },
  documents: [{ documentId: 11, offeringsDescription: null, primaryContactName: 'Maria Borg', locationLatitude: 35.8811, locationLongitude: 14.3988 }],
  images: [
    { imageId: 1, cardUrl: '/uploads/1-card.webp', detailUrl: '/uploads/1-detail.webp', width: 1200, height: 900 },
    { imageId: 2, cardUrl: '/uploads/2-card.webp', detailUrl: '/uploads/2-detail.webp', width: 1200, height: 900 },
  ],
  imageUrl: '/uploads/1-card.webp',
  isOwner: true,
  createdAt: '2025-05-20T08:00:00.000Z',
  updatedAt: '2025-05-20T08:00:00.000Z',
};

const renderDetail = (offerId = 7) => renderScreen(<OfferDetail offerId={offerId} />, { route: '/viewoffer/:id', path: `/viewoffer/${offerId}` });

/** The value shown next to a label of a <dl>. */
const valueOf = (label: string, scope: HTMLElement = document.body) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('OfferDetail', () => {
  it("shows 'Loading…' while the offer is on its way", () => {
    stubApi({ 'GET /api/v1/offers/7': neverAnswer });
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loadingEllipsis);
  });

  it("shows 'Error: {message}' when the offer cannot be read", async () => {
    stubApi({ 'GET /api/v1/offers/7': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn, code: 'notSignedIn', params: {} } } });
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.errorWithMessage, { message: MESSAGES.notSignedIn }));
  });

  it('says an offer is not available, with Browse offers, for a 404 and for an id that cannot exist', async () => {
    stubApi({ 'GET /api/v1/offers/7': { status: 404, body: { statusCode: 404, error: 'Not Found', message: MESSAGES.offerNotFound, code: 'offerNotFound', params: {} } } });
    const { unmount } = renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.offerNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse offers' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    const api = stubApi({});
    renderDetail(Number.NaN);
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.offerNotFound })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows the offer with dashes for missing values, no terms when there are none, its vendor and documents', async () => {
    stubApi({ 'GET /api/v1/offers/7': { body: { data: offer } } });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(valueOf('Category')).toHaveTextContent('—');
    expect(valueOf('Category description')).toHaveTextContent('—');
    expect(valueOf('Discount')).toHaveTextContent('€2.50 off');
    expect(valueOf('Validity')).toHaveTextContent('1 Jun 2025 – 30 Jun 2025');
    expect(valueOf('Redemption limit')).toHaveTextContent('Unlimited');
    expect(screen.queryByText('Terms & Conditions')).not.toBeInTheDocument();

    const vendorInfo = screen.getByRole('region', { name: 'Vendor Info' });
    expect(valueOf('Business type', vendorInfo)).toHaveTextContent('Restaurant');
    expect(valueOf('Contact phone', vendorInfo)).toHaveTextContent('—');
    expect(valueOf('Contact email', vendorInfo)).toHaveTextContent('hello@crystalpalace.mt');

    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByRole('heading', { level: 3, name: 'Document 1' })).toBeInTheDocument();
    expect(valueOf('Description', documents)).toHaveTextContent('—');
    expect(valueOf('Contact', documents)).toHaveTextContent('Maria Borg');
    expect(valueOf('Latitude', documents)).toHaveTextContent('35.8811');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-offer/7');
  });

  it('shows terms when present on the owner’s sheet', async () => {
    stubApi({ 'GET /api/v1/offers/7': { body: { data: { ...offer, termsAndConditions: 'One per customer.' } } } });
    renderDetail();
    expect(await screen.findByText('One per customer.')).toBeInTheDocument();
    expect(valueOf('Terms & Conditions')).toHaveTextContent('One per customer.');
  });

  it('gives anyone but the owner the shopper’s page instead of the sheet: no owner actions, no vendor facts, no documents', async () => {
    const { contactEmail: _email, primaryContactName: _contact, ...publicVendor } = offer.vendor;
    stubApi({
      'GET /api/v1/offers/7': { body: { data: { ...offer, endDate: '2099-06-30', vendor: publicVendor, documents: [], isOwner: false } } },
      'GET /api/v1/vendors/3': neverAnswer,
      'GET /api/v1/vendors/3/stamp-card': neverAnswer,
      'GET /api/v1/me/favorites': neverAnswer,
    });
    renderDetail();
    expect(await screen.findByTestId('shopper-offer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Vendor Info' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it('switches photos from the thumbnails and replaces a broken photo with a placeholder', async () => {
    stubApi({ 'GET /api/v1/offers/7': { body: { data: offer } } });
    renderDetail();
    const user = userEvent.setup();
    expect(await screen.findByRole('img', { name: 'Two pastizzi for one, photo 1 of 2' })).toHaveAttribute('src', '/uploads/1-detail.webp');
    expect(screen.getByRole('button', { name: 'Show photo 1' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-pressed', 'true');
    const photo = screen.getByRole('img', { name: 'Two pastizzi for one, photo 2 of 2' });
    fireEvent.error(photo);
    const placeholder = screen.getByRole('img', { name: 'Two pastizzi for one, photo 2 of 2' });
    expect(placeholder.tagName).toBe('DIV');
  });

  it('shows no gallery for an offer without photos', async () => {
    stubApi({ 'GET /api/v1/offers/7': { body: { data: { ...offer, images: [], imageUrl: null } } } });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: offer.title });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show photo/ })).not.toBeInTheDocument();
  });

  it('pauses the offer with POST /api/v1/offers/:id/pause, then offers Resume', async () => {
    const api = stubApi({
      'GET /api/v1/offers/7': { body: { data: offer } },
      'POST /api/v1/offers/7/pause': { body: { data: { ...offer, status: 'PAUSED' } } },
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/offers/7/pause', body: undefined });
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(valueOf('Status')).toHaveTextContent('Paused');
  });
});

describe('OfferDetail price before and after (issue 27)', () => {
  it('shows the owner the price before and after, and a Buy-X-get-Y offer’s quantities in its badge', async () => {
    stubApi({ 'GET /api/v1/offers/7': { body: { data: { ...offer, regularPrice: 4, offerPrice: 1.5 } } } });
    const { unmount } = renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(valueOf('Price before')).toHaveTextContent('€4.00');
    expect(valueOf('Price after')).toHaveTextContent('€1.50');
    unmount();

    stubApi({ 'GET /api/v1/offers/7': { body: { data: { ...offer, discountType: 'BUYXGETY', discountValue: 1, regularPrice: 2.8, offerPrice: null, buyQuantity: 2, getQuantity: 1 } } } });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(valueOf('Discount')).toHaveTextContent('Buy 2, get 1 free');
    expect(valueOf('Price before')).toHaveTextContent('€2.80');
    expect(screen.queryByText('Price after')).not.toBeInTheDocument();
  });

  it('shows no price rows when the owner gave no price before', async () => {
    stubApi({ 'GET /api/v1/offers/7': { body: { data: offer } } });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
    expect(screen.queryByText('Price before')).not.toBeInTheDocument();
  });
});
