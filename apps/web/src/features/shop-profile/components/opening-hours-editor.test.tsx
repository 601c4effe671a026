import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enOwner } from '@qrib/shared/i18n/en-owner';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { stubApi, type ApiCall } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ShopProfile } from './shop-profile.tsx';

const strings = enOwner.hoursEditor;
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

function shopApi(start: Partial<Vendor>, patch: (call: ApiCall, current: Vendor) => { status?: number; body: unknown }) {
  let current: Vendor = { ...vendor, ...start };
  return stubApi({
    'GET /api/v1/vendors/me': () => ({ body: { data: current } }),
    'PATCH /api/v1/vendors/me': (call) => {
      const answer = patch(call, current);
      if ((answer.status ?? 200) === 200) current = (answer.body as { data: Vendor }).data;
      return answer;
    },
  });
}
const saveAsSent = (call: ApiCall, current: Vendor) => ({ body: { data: { ...current, ...(call.body as Partial<Vendor>) } } });
const patches = (api: { calls: ApiCall[] }) => api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('the opening-hours editor on Shop profile', () => {
  it("builds the issue's example from rows, shows the text, and saves it", async () => {
    const api = shopApi({}, saveAsSent);
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const text = await screen.findByLabelText(strings.textLabel);
    expect(text).toHaveValue('');
    expect(screen.getByText(/No hours given/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: strings.addRow }));
    expect(text).toHaveValue('Mo-Fr 09:00-17:00; Sa,Su off');
    const [weekdays] = screen.getAllByTestId('hours-row');
    await retype(user, within(weekdays as HTMLElement).getByLabelText(strings.opens), '08:00');
    await retype(user, within(weekdays as HTMLElement).getByLabelText(strings.closes), '19:00');
    expect(text).toHaveValue('Mo-Fr 08:00-19:00; Sa,Su off');

    // The next row takes the days no row names yet.
    await user.click(screen.getByRole('button', { name: strings.addRow }));
    const saturday = screen.getAllByTestId('hours-row')[1] as HTMLElement;
    expect(within(saturday).getByLabelText('Sat')).toBeChecked();
    await user.click(within(saturday).getByLabelText('Sun'));
    await retype(user, within(saturday).getByLabelText(strings.opens), '08:30');
    await retype(user, within(saturday).getByLabelText(strings.closes), '13:00');
    await user.click(screen.getByLabelText(strings.closedOnHolidays));
    expect(text).toHaveValue('Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off');

    await user.click(screen.getByRole('button', { name: enOwner.shopProfile.save }));
    expect(await screen.findByText(enOwner.shopProfile.saved)).toBeInTheDocument();
    expect(patches(api)).toEqual([{ openingHours: 'Mo-Fr 08:00-19:00; Sa 08:30-13:00; Su,PH off' }]);
  });

  it('reads saved hours back into rows, adds a second span past midnight, and clears the hours', async () => {
    const api = shopApi({ openingHours: 'Mo-Fr 08:00-19:00; Sa,Su off' }, saveAsSent);
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const text = await screen.findByLabelText(strings.textLabel);
    const row = screen.getByTestId('hours-row');
    expect(within(row).getByLabelText('Mon')).toBeChecked();
    expect(within(row).getByLabelText('Sat')).not.toBeChecked();
    expect(within(row).getByLabelText(strings.closes)).toHaveValue('19:00');

    await retype(user, within(row).getByLabelText(strings.closes), '14:00');
    await user.click(within(row).getByRole('button', { name: strings.addSpan }));
    await retype(user, within(row).getByLabelText(strings.opensAgain), '18:00');
    await retype(user, within(row).getByLabelText(strings.closesAgain), '01:00');
    expect(text).toHaveValue('Mo-Fr 08:00-14:00,18:00-01:00; Sa,Su off');

    await user.click(screen.getByRole('button', { name: strings.clear }));
    expect(text).toHaveValue('');
    expect(screen.queryByTestId('hours-row')).toBeNull();
    await user.click(screen.getByRole('button', { name: enOwner.shopProfile.save }));
    expect(await screen.findByText(enOwner.shopProfile.saved)).toBeInTheDocument();
    expect(patches(api)).toEqual([{ openingHours: null }]);
  });

  it('keeps a text the rows cannot say as written, and shows the API’s refusal under it', async () => {
    const api = shopApi({}, () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'These opening hours cannot be read (unknown word "Mx").',
        code: 'openingHoursInvalid',
        params: { problem: 'unknown word "Mx"' },
        fieldErrors: { openingHours: 'These opening hours cannot be read (unknown word "Mx").' },
        fieldErrorCodes: { openingHours: { code: 'openingHoursInvalid', params: { problem: 'unknown word "Mx"' } } },
      },
    }));
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const text = await screen.findByLabelText(strings.textLabel);
    await user.type(text, 'Mo-Fr 08:00-19:00; Mx 10:00-12:00');
    expect(screen.getByTestId('hours-not-rows')).toHaveTextContent(strings.notRows);
    expect(screen.getByTestId('hours-rows')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: enOwner.shopProfile.save }));
    expect(await screen.findByText(/These opening hours cannot be read \(unknown word "Mx"\)/)).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(patches(api)).toEqual([{ openingHours: 'Mo-Fr 08:00-19:00; Mx 10:00-12:00' }]);

    // Replace with rows: the rows the text last read (Monday to Friday), written again.
    await user.click(screen.getByRole('button', { name: strings.startOver }));
    expect(text).toHaveValue('Mo-Fr 08:00-19:00; Sa,Su off');
    expect(screen.getByTestId('hours-rows')).toBeEnabled();
  });

  it('does not save while a row has no day ticked, and says so on the row', async () => {
    const api = shopApi({ openingHours: 'Sa 09:00-12:00' }, saveAsSent);
    renderScreen(<ShopProfile locate={locate} />);
    const user = userEvent.setup();
    const row = await screen.findByTestId('hours-row');
    await user.click(within(row).getByLabelText('Sat'));
    expect(within(row).getByRole('alert')).toHaveTextContent(strings.noDays);
    await user.click(screen.getByRole('button', { name: enOwner.shopProfile.save }));
    expect(await screen.findByText(enOwner.shopProfile.saveFailed)).toBeInTheDocument();
    expect(patches(api)).toEqual([]);
  });
});
