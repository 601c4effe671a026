import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { stubApi, type ApiCall } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { checkShopPhoto } from './shop-photos.tsx';
import { ShopProfile } from './shop-profile.tsx';

const strings = enOwner.shopProfile;
const locate = () => Promise.resolve({ latitude: 35.9, longitude: 14.5 });

const vendor: Vendor = {
  vendorId: 3,
  businessName: 'Crystal Palace Bar',
  businessType: 'RESTAURANT',
  businessAddress: 'Triq San Pawl, Rabat',
  locationLatitude: 35.88,
  locationLongitude: 14.4,
  primaryContactName: 'Joseph Borg',
  contactEmail: 'joseph@example.com',
  contactPhone: '+356 9912 3456',
  offeringsDescription: 'Pastizzi and tea',
  website: null,
  logoUrl: null,
  coverUrl: null,
  openingHours: null,
  status: 'ACTIVE',
  statusReason: null,
  statusChangedAt: '2026-11-21T10:00:00.000Z',
  documents: [],
  createdAt: '2026-11-19T10:00:00.000Z',
};

/** The API as the screen uses it, holding the business as it changes. */
function shopApi(routes: Record<string, (call: ApiCall, current: Vendor) => { status?: number; body?: unknown }> = {}) {
  let current: Vendor = { ...vendor };
  const answering = Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      (call: ApiCall) => {
        const answer = route(call, current);
        if ((answer.status ?? 200) === 200) current = (answer.body as { data: Vendor }).data;
        return answer;
      },
    ]),
  );
  return stubApi({ 'GET /api/v1/vendors/me': () => ({ body: { data: current } }), ...answering });
}

describe('Shop profile', () => {
  it('fills the form from the business and sends only the fields changed', async () => {
    const api = shopApi({
      'PATCH /api/v1/vendors/me': (call, current) => ({ body: { data: { ...current, ...(call.body as Partial<Vendor>) } } }),
    });
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Business Name');
    expect(name).toHaveValue('Crystal Palace Bar');
    expect(screen.getByLabelText('Business Type')).toHaveValue('RESTAURANT');
    expect(screen.getByLabelText('Business Address')).toHaveValue('Triq San Pawl, Rabat');
    expect(screen.getByLabelText('Contact Phone')).toHaveValue('+356 9912 3456');
    expect(screen.getByLabelText('Contact Email')).toHaveValue('joseph@example.com');
    expect(screen.getByLabelText('Offerings Description')).toHaveValue('Pastizzi and tea');
    expect(screen.getByLabelText('Website')).toHaveValue('');
    expect(screen.getByTestId('coordinates')).toHaveTextContent('35.88');
    expect(screen.getByRole('link', { name: strings.viewPage })).toHaveAttribute('href', '/shops/3');

    await user.click(screen.getByRole('button', { name: strings.save }));
    expect(await screen.findByText(strings.nothingChanged)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(name);
    await user.type(name, 'Crystal Palace Café');
    await user.type(screen.getByLabelText('Website'), 'https://crystalpalace.mt');
    await user.click(screen.getByRole('button', { name: strings.save }));
    expect(await screen.findByText(strings.saved)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/v1/vendors/me', body: { businessName: 'Crystal Palace Café', website: 'https://crystalpalace.mt' } },
    ]);
    expect(screen.getByLabelText('Business Name')).toHaveValue('Crystal Palace Café');
  });

  it('checks the website before sending and shows another shop’s name under the name field', async () => {
    const api = shopApi({
      'PATCH /api/v1/vendors/me': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: MESSAGES.businessNameTaken,
          code: 'businessNameTaken',
          params: {},
          fieldErrors: { businessName: MESSAGES.businessNameTaken },
          fieldErrorCodes: { businessName: { code: 'businessNameTaken', params: {} } },
        },
      }),
    });
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Business Name');
    await user.type(screen.getByLabelText('Website'), 'crystal palace');
    await user.click(screen.getByRole('button', { name: strings.save }));
    expect(await screen.findByText(MESSAGES.websiteInvalid)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(screen.getByLabelText('Website'));
    await user.clear(name);
    await user.type(name, 'Caffe Cordina');
    await user.click(screen.getByRole('button', { name: strings.save }));
    expect(await screen.findByText(MESSAGES.businessNameTaken)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(strings.saveFailed);
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ businessName: 'Caffe Cordina' }]);
  });

  it('refuses a photo of the wrong type before sending it', async () => {
    const api = shopApi();
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText(strings.addLogo), new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await within(screen.getByTestId('shop-logo')).findByRole('alert')).toHaveTextContent(MESSAGES.shopPhotoWrongType);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(checkShopPhoto({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(MESSAGES.imageTooLarge);
    expect(checkShopPhoto({ type: 'image/webp', size: 1000 })).toBeUndefined();
  });

  it('uploads a logo, shows it, and removes it', async () => {
    const api = shopApi({
      'PUT /api/v1/vendors/me/logo': (_call, current) => ({ body: { data: { ...current, logoUrl: '/uploads/public/3-logo.webp' } } }),
      'DELETE /api/v1/vendors/me/logo': (_call, current) => ({ body: { data: { ...current, logoUrl: null } } }),
    });
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const logo = within(await screen.findByTestId('shop-logo'));
    expect(logo.getByText(strings.noLogo)).toBeInTheDocument();
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(logo.getByLabelText(strings.addLogo), photo);
    expect(await logo.findByRole('status')).toHaveTextContent(strings.logoSaved);
    expect(logo.getByRole('img', { name: strings.logo })).toHaveAttribute('src', '/uploads/public/3-logo.webp');
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/v1/vendors/me/logo');
    expect(put?.body).toBeInstanceOf(FormData);
    expect((put?.body as FormData).get('photo')).toBe(photo);

    await user.click(logo.getByRole('button', { name: strings.removeLogo }));
    expect(await logo.findByText(strings.logoRemoved)).toBeInTheDocument();
    expect(logo.queryByRole('img')).not.toBeInTheDocument();
    expect(logo.getByLabelText(strings.addLogo)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/vendors/me/logo')).toBe(true);
  });
});
