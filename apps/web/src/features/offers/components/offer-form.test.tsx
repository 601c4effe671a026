import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category } from '@qrib/shared/category-schemas';
import type { LanguageCode } from '@qrib/shared/languages';
import type { Offer } from '@qrib/shared/offer-schemas';
import { stubApi, type ApiAnswer } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { OfferForm } from './offer-form.tsx';

const categories: Category[] = [
  { categoryId: 1, name: 'Food & Drink', description: 'Restaurants and cafés', iconUrl: null },
  { categoryId: 2, name: 'Fashion', description: 'Clothes and shoes', iconUrl: null },
];

const offer: Offer = {
  offerId: 7,
  vendorId: 3,
  title: 'Two pastizzi for one',
  description: 'Fresh from the oven every morning.',
  discountType: 'PERCENTAGE',
  discountValue: 20,
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
  category: categories[1] ?? null,
  vendor: {
    vendorId: 3,
    businessName: 'Crystal Palace Bar',
    businessType: 'RESTAURANT',
    businessAddress: 'Triq San Pawl, Rabat',
    logoUrl: null,
    contactPhone: '',
    latitude: 35.8811,
    longitude: 14.3988,
    openingHours: null,
    openNow: null,
    nextChange: null,
  },
  documents: [],
  images: [],
  imageUrl: null,
  isOwner: true,
  createdAt: '2025-05-20T08:00:00.000Z',
  updatedAt: '2025-05-20T08:00:00.000Z',
};

describe('OfferForm when editing', () => {
  it('shows the offer’s category once the categories arrive after the form', async () => {
    let answerCategories: (answer: ApiAnswer) => void = () => undefined;
    stubApi({ 'GET /api/v1/categories/': () => new Promise<ApiAnswer>((resolve) => (answerCategories = resolve)) });
    renderRoutes([{ path: '/edit-offer/7', element: <OfferForm mode="edit" offer={offer} onSaved={() => undefined} /> }], { path: '/edit-offer/7' });
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(screen.getByRole('textbox', { name: 'Offer Title' })).toHaveValue(offer.title);

    answerCategories({ body: { data: categories } });
    expect(await screen.findByRole('option', { name: 'Retail Shopping' })).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('2'));
    expect(screen.getByRole('option', { name: 'Retail Shopping' })).toHaveProperty('selected', true);

    await userEvent.selectOptions(select, '1');
    expect(select).toHaveValue('1');
  });

  it('shows the category when the categories are already known', async () => {
    stubApi({ 'GET /api/v1/categories/': { body: { data: categories } } });
    renderRoutes([{ path: '/edit-offer/7', element: <OfferForm mode="edit" offer={offer} onSaved={() => undefined} /> }], { path: '/edit-offer/7' });
    expect(await screen.findByRole('option', { name: 'Retail Shopping' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('2');
  });
});

describe('OfferForm bounds (issue 25)', () => {
  it('refuses dates outside 2000-01-01…2100-12-31 and a fixed discount over 100,000, in the reader’s language, sending nothing', async () => {
    stubApi({ 'GET /api/v1/categories/': { body: { data: categories } } });
    const outOfBounds: Offer = { ...offer, startDate: '1999-12-31', endDate: '2101-01-01', discountType: 'FIXED', discountValue: 200_000 };
    renderRoutes([{ path: '/edit-offer/7', element: <OfferForm mode="edit" offer={outOfBounds} onSaved={() => undefined} /> }], {
      path: '/edit-offer/7',
      language: 'fr',
    });
    expect(await screen.findByRole('option', { name: 'Shopping' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('Le champ « Date de début » doit être compris entre le 2000-01-01 et le 2100-12-31')).toBeInTheDocument();
    expect(screen.getByText('Le champ « Date de fin » doit être compris entre le 2000-01-01 et le 2100-12-31')).toBeInTheDocument();
    expect(screen.getByText(/^La valeur de la réduction ne peut pas dépasser 100\s000$/)).toBeInTheDocument();
  });
});

describe('OfferForm price before and Buy-X-get-Y quantities (issue 27)', () => {
  const editRoute = (edited: Offer, language?: LanguageCode) =>
    renderRoutes([{ path: '/edit-offer/7', element: <OfferForm mode="edit" offer={edited} onSaved={() => undefined} /> }], {
      path: '/edit-offer/7',
      ...(language ? { language } : {}),
    });

  it('shows Buy and Get free only for Buy X get Y, and sends the price before and both quantities', async () => {
    const saved: Offer = { ...offer, discountType: 'BUYXGETY', discountValue: 1, regularPrice: 4.5, buyQuantity: 2, getQuantity: 1 };
    const api = stubApi({ 'GET /api/v1/categories/': { body: { data: categories } }, 'PATCH /api/v1/offers/7': { body: { data: saved } } });
    editRoute({ ...offer, regularPrice: 3 });
    expect(await screen.findByRole('option', { name: 'Retail Shopping' })).toBeInTheDocument();
    const price = screen.getByRole('spinbutton', { name: 'Price before (€)' });
    expect(price).toHaveValue(3);
    expect(screen.queryByRole('spinbutton', { name: 'Buy' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Discount Type' }), 'BUYXGETY');
    await userEvent.clear(price);
    await userEvent.type(price, '4.50');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Buy' }), '2');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Get free' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ discountType: 'BUYXGETY', regularPrice: 4.5, buyQuantity: 2, getQuantity: 1 });
  });

  it('clears the price before when emptied, and refuses a half-given quantity or a bad price in the reader’s language, sending nothing', async () => {
    const api = stubApi({ 'GET /api/v1/categories/': { body: { data: categories } } });
    editRoute({ ...offer, discountType: 'BUYXGETY', discountValue: 1, regularPrice: 2, buyQuantity: 3, getQuantity: 1 }, 'de');
    expect(await screen.findByRole('spinbutton', { name: 'Kaufen' })).toHaveValue(3);
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Gratis dazu' }));
    const price = screen.getByRole('spinbutton', { name: 'Preis vorher (€)' });
    await userEvent.clear(price);
    await userEvent.type(price, '4.555');
    await userEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(await screen.findByText('Gib an, wie viele die Kundschaft gratis bekommt, oder lass beide Mengen leer')).toBeInTheDocument();
    expect(screen.getByText('Gib den Preis vorher in Euro ein, z. B. 4.50')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
