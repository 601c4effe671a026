import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category } from '@qrib/shared/category-schemas';
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
  redeemedCount: 0,
  remaining: null,
  sendNotifications: true,
  category: categories[1] ?? null,
  vendor: {
    vendorId: 3,
    businessName: 'Crystal Palace Bar',
    businessType: 'RESTAURANT',
    businessAddress: 'Triq San Pawl, Rabat',
    contactPhone: '',
    latitude: 35.8811,
    longitude: 14.3988,
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
