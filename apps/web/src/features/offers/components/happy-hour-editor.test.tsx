import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '@qrib/shared/category-schemas';
import type { LanguageCode } from '@qrib/shared/languages';
import { MESSAGES } from '@qrib/shared/messages';
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

function editRoute(edited: Offer, answers: Record<string, ApiAnswer | (() => ApiAnswer)> = {}, language?: LanguageCode) {
  const api = stubApi({ 'GET /api/v1/categories/': { body: { data: categories } }, 'PATCH /api/v1/offers/7': { body: { data: edited } }, ...answers });
  renderRoutes([{ path: '/edit-offer/7', element: <OfferForm mode="edit" offer={edited} onSaved={() => undefined} /> }], {
    path: '/edit-offer/7',
    ...(language ? { language } : {}),
  });
  return api;
}

const toggle = () => screen.getByRole('checkbox', { name: 'Only at certain hours (happy hour)' });
const scheduleText = () => screen.getByRole('textbox', { name: 'Happy hour as text' });
const patchBody = (api: ReturnType<typeof stubApi>) => api.calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown> | undefined;

describe('the offer form’s happy hour (issue 28 §3)', () => {
  // jsdom has no scrollIntoView; the form's alert scrolls itself into view.
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('is off by default: no fields, and the offer is saved without a schedule (all day)', async () => {
    const api = editRoute(offer);
    expect(await screen.findByRole('option', { name: 'Retail Shopping' })).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Happy hour as text' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody(api)).toBeDefined());
    expect(patchBody(api)?.schedule).toBeNull();
  });

  it('writes the text from days × one span as they change, and sends it', async () => {
    const api = editRoute(offer);
    await userEvent.click(toggle());
    expect(scheduleText()).toHaveValue('Mo-Fr 17:00-19:00');
    const rows = within(screen.getByTestId('happy-hour-rows'));
    await userEvent.click(rows.getByRole('checkbox', { name: 'Fri' }));
    expect(scheduleText()).toHaveValue('Mo-Th 17:00-19:00');
    const from = rows.getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    expect(rows.getByRole('alert')).toHaveTextContent('Write times as HH:MM, e.g. 17:00.');
    await userEvent.type(from, '18:00');
    expect(rows.queryByRole('alert')).not.toBeInTheDocument();
    const until = rows.getByRole('textbox', { name: 'Until' });
    await userEvent.clear(until);
    await userEvent.type(until, '01:00');
    expect(scheduleText()).toHaveValue('Mo-Th 18:00-01:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody(api)).toBeDefined());
    expect(patchBody(api)?.schedule).toBe('Mo-Th 18:00-01:00');

    // Off again: nothing is kept.
    await userEvent.click(toggle());
    expect(screen.queryByTestId('happy-hour-rows')).not.toBeInTheDocument();
  });

  it('does not send days or times that cannot be written', async () => {
    const api = editRoute(offer);
    await userEvent.click(toggle());
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await userEvent.click(screen.getByRole('checkbox', { name: day }));
    expect(within(screen.getByTestId('happy-hour-rows')).getByRole('alert')).toHaveTextContent('Tick at least one day.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('reads an offer’s schedule into the fields, keeps a text they cannot show as written, and replaces it on request', async () => {
    const api = editRoute({ ...offer, schedule: 'Sa,Su 12:00-15:00', activeNow: false });
    expect(toggle()).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sat' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('12:00');

    await userEvent.clear(scheduleText());
    await userEvent.type(scheduleText(), 'Mo-Fr 12:00-14:00,17:00-19:00');
    expect(screen.getByTestId('happy-hour-not-rows')).toBeInTheDocument();
    expect(screen.getByTestId('happy-hour-rows')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody(api)).toBeDefined());
    expect(patchBody(api)?.schedule).toBe('Mo-Fr 12:00-14:00,17:00-19:00');

    // The fields followed the text while they could show it: they hold its last such form.
    await userEvent.click(screen.getByRole('button', { name: 'Replace with days and times' }));
    expect(scheduleText()).toHaveValue('Mo-Fr 12:00-14:00');
    expect(screen.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(screen.getByTestId('happy-hour-rows')).toBeEnabled();
  });

  it('shows the API’s refusal under the text, in the reader’s language', async () => {
    editRoute(
      { ...offer, schedule: 'Mo 17:00-19:00', activeNow: false },
      {
        'PATCH /api/v1/offers/7': {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: MESSAGES.scheduleNeverMet,
            code: 'scheduleNeverMet',
            params: {},
            fieldErrors: { schedule: MESSAGES.scheduleNeverMet },
            fieldErrorCodes: { schedule: { code: 'scheduleNeverMet', params: {} } },
          },
        },
      },
      'fr',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    const text = screen.getByRole('textbox', { name: 'L’happy hour sous forme de texte' });
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(text).toHaveAccessibleDescription(expect.stringContaining('jamais'));
  });
});
