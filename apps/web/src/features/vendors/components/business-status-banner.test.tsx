import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes, renderScreen } from '../../../testing/render.tsx';
import { BusinessResubmission } from './business-resubmission.tsx';
import { BusinessStatusBanner } from './business-status-banner.tsx';

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
  status: 'REJECTED',
  statusReason: 'The licence photo is unreadable',
  statusChangedAt: '2026-11-21T10:00:00.000Z',
  documents: [],
  createdAt: '2026-11-19T10:00:00.000Z',
};

const renderBanner = (shown: Partial<Vendor>) => {
  stubApi({ 'GET /api/v1/vendors/me': { body: { data: { ...vendor, ...shown } } } });
  return renderScreen(<BusinessStatusBanner />);
};

describe('the owner’s business state', () => {
  it('says a pending business waits for Qrib’s check', async () => {
    renderBanner({ status: 'PENDING', statusReason: null });
    expect(await screen.findByRole('heading', { name: 'Waiting for Qrib’s check' })).toBeInTheDocument();
    expect(screen.getByText('Your business is waiting for Qrib to check it: shoppers will see its offers once it is approved.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('gives a refused business Qrib’s reason and a way to correct and send it again', async () => {
    renderBanner({});
    expect(await screen.findByRole('heading', { name: 'Qrib could not approve your business' })).toBeInTheDocument();
    expect(screen.getByText('Qrib could not approve your business: The licence photo is unreadable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Correct and send again' })).toHaveAttribute('href', '/ven-reg/resubmit');
  });

  it('gives a suspended business the reason and says its offers cannot be resumed', async () => {
    renderBanner({ status: 'SUSPENDED', statusReason: 'Misleading prices' });
    expect(await screen.findByText('Your business is suspended: Misleading prices')).toBeInTheDocument();
    expect(screen.getByText('Its offers are hidden from shoppers and cannot be resumed while it is suspended.')).toBeInTheDocument();
  });

  it('shows nothing for an approved business, in any language', async () => {
    const { container } = renderBanner({ status: 'ACTIVE', statusReason: null });
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('is translated', async () => {
    stubApi({ 'GET /api/v1/vendors/me': { body: { data: { ...vendor, status: 'PENDING' } } } });
    renderRoutes([{ path: '/', element: <BusinessStatusBanner /> }], { language: 'mt' });
    expect(await screen.findByRole('heading', { name: 'Qed jistenna l-verifika ta’ Qrib' })).toBeInTheDocument();
  });
});

describe('Correct and send again', () => {
  // jsdom has no scrollIntoView; the alert that takes focus on success calls it.
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('fills the registration’s fields from the business, sends them without new documents, and says it was sent', async () => {
    const api = stubApi({ 'GET /api/v1/vendors/me': { body: { data: vendor } } });
    const opened: string[] = [];
    const sent: FormData[] = [];
    // The upload goes through XMLHttpRequest; record what it sends and answer 200.
    class FakeRequest {
      status = 200;
      statusText = 'OK';
      response: unknown = { data: { ...vendor, status: 'PENDING', statusReason: null } };
      withCredentials = false;
      responseType = '';
      timeout = 0;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      open(method: string, url: string) {
        opened.push(`${method} ${url}`);
      }
      setRequestHeader() {}
      send(form: FormData) {
        sent.push(form);
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    renderScreen(<BusinessResubmission />);
    expect(await screen.findByText('Qrib could not approve your business: The licence photo is unreadable')).toBeInTheDocument();
    const name = screen.getByLabelText(/Business Name/i);
    expect(name).toHaveValue('Crystal Palace Bar');
    await userEvent.clear(name);
    await userEvent.type(name, 'Crystal Palace Bar Rabat');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Sent. Qrib will check your business again; shoppers will see its offers once it is approved.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('businessName')).toBe('Crystal Palace Bar Rabat');
    expect(sent[0]?.get('contactEmail')).toBe('joseph@example.com');
    expect(sent[0]?.getAll('documents')).toEqual([]);
    expect(opened).toEqual(['POST /api/v1/vendors/me/resubmission']);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/v1/vendors/me');
  });

  it('has nothing to send for a business that was not refused', async () => {
    stubApi({ 'GET /api/v1/vendors/me': { body: { data: { ...vendor, status: 'PENDING' } } } });
    renderScreen(<BusinessResubmission />);
    expect(await screen.findByText('Only a business Qrib refused can be sent again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });
});
