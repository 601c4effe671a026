import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminVendor } from '@qrib/shared/admin-vendor-schemas';
import type { AdminOverview, ReceiptDispute, ReportedItem, SuspiciousActivity } from '@qrib/shared/trust-schemas';
import { neverAnswer, stubApi, type ApiRoute } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { AdminConsole } from './admin-console.tsx';

const overview: AdminOverview = {
  vendors: { PENDING: 2, ACTIVE: 14, REJECTED: 1, SUSPENDED: 3, CLOSED: 0 },
  offersLive: 27,
  shoppersActiveThisWeek: 58,
  receipts: { PENDING: 4, VERIFIED: 40, REJECTED: 6, NEEDS_REVIEW: 2 },
  openReports: 5,
  openDisputes: 1,
  suspiciousOpen: 1,
};

const pending: AdminVendor = {
  vendorId: 8,
  businessName: 'Ta’ Marija Bakery',
  businessType: 'RESTAURANT',
  businessAddress: 'Triq il-Kbira, Mosta',
  status: 'PENDING',
  statusReason: null,
  statusChangedAt: '2026-11-20T09:00:00.000Z',
  owner: { userId: 21, username: 'marija', formerShopper: false },
  documents: [{ documentId: 3, contentType: 'image/png', url: '/api/v1/admin/vendors/8/documents/3' }],
  disputeRate: { disputes: 0, autoVerified: 0 },
};

const overviewRoute = { 'GET /api/v1/admin/overview': { body: { data: overview } } };
const list = (vendors: AdminVendor[]) => ({ body: { data: vendors, nextCursor: null } });

function renderConsole(routes: Record<string, ApiRoute>, path = '/admin', isAdmin = true) {
  const api = stubApi(routes);
  const utils = renderScreen(<AdminConsole isAdmin={isAdmin} />, { route: '/admin', path });
  return { api, ...utils };
}

describe('the console: figures and the businesses to check', () => {
  it('shows the headline figures and a pending business with its owner and its document as an image', async () => {
    renderConsole({ ...overviewRoute, 'GET /api/v1/admin/vendors?status=PENDING': list([pending]) });
    const figures = await screen.findByTestId('admin-figures');
    expect(within(figures).getByText('Businesses waiting').nextSibling).toHaveTextContent('2');
    expect(within(figures).getByText('Offers live').nextSibling).toHaveTextContent('27');
    expect(within(figures).getByText('Shoppers active this week').nextSibling).toHaveTextContent('58');
    expect(within(figures).getByText('Receipts verified').nextSibling).toHaveTextContent('40');
    expect(within(figures).getByText('Suspicious activity to check').nextSibling).toHaveTextContent('1');
    const card = await screen.findByRole('article', { name: 'Ta’ Marija Bakery' });
    expect(card).toHaveTextContent('Owner: marija');
    expect(within(card).getByTestId('admin-dispute-rate')).toHaveTextContent('Disputed receipts: 0 of 0 verified by the automatic check in 90 days');
    expect(within(card).getByRole('img', { name: 'Document 1 of Ta’ Marija Bakery' })).toHaveAttribute('src', '/api/v1/admin/vendors/8/documents/3');
    expect(within(card).getByRole('button', { name: 'Approve Ta’ Marija Bakery' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();
  });

  it('approves with one click and refreshes the list and the figures', async () => {
    let approved = false;
    const api = renderConsole({
      'GET /api/v1/admin/overview': () => ({ body: { data: approved ? { ...overview, vendors: { ...overview.vendors, PENDING: 1 } } : overview } }),
      'GET /api/v1/admin/vendors?status=PENDING': () => list(approved ? [] : [pending]),
      'POST /api/v1/admin/vendors/8/decision': () => {
        approved = true;
        return { body: { data: { ...pending, status: 'ACTIVE' } } };
      },
    }).api;
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Ta’ Marija Bakery' }));
    expect(await screen.findByText('No businesses in this list.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/vendors/8/decision', body: { status: 'ACTIVE' } });
    await waitFor(() => expect(within(screen.getByTestId('admin-figures')).getByText('Businesses waiting').nextSibling).toHaveTextContent('1'));
  });

  it('refuses only with a reason, in a labelled dialog, and shows the API’s field error', async () => {
    const api = renderConsole({
      ...overviewRoute,
      'GET /api/v1/admin/vendors?status=PENDING': list([pending]),
      'POST /api/v1/admin/vendors/8/decision': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Please give the reason the other side will read.',
          code: 'decisionReasonRequired',
          params: {},
          fieldErrors: { reason: 'Please give the reason the other side will read.' },
          fieldErrorCodes: { reason: { code: 'decisionReasonRequired', params: {} } },
        },
      },
    }).api;
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse Ta’ Marija Bakery' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse Ta’ Marija Bakery' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(within(dialog).getByText('Please give the reason the other side will read.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to those concerned)'), '  The licence is unreadable ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/vendors/8/decision', body: { status: 'REJECTED', reason: 'The licence is unreadable' } }),
    );
    expect(await within(dialog).findByText('Please give the reason the other side will read.')).toBeInTheDocument();
  });

  it('lists approved businesses with Suspend and suspended ones with Reinstate and their reason', async () => {
    renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/vendors?status=ACTIVE': list([{ ...pending, status: 'ACTIVE' }]),
        'GET /api/v1/admin/vendors?status=SUSPENDED': list([{ ...pending, status: 'SUSPENDED', statusReason: 'Misleading prices' }]),
      },
      '/admin?status=ACTIVE',
    );
    expect(await screen.findByRole('button', { name: 'Suspend Ta’ Marija Bakery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve / })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Suspended' }));
    expect(await screen.findByRole('button', { name: 'Reinstate Ta’ Marija Bakery' })).toBeInTheDocument();
    expect(screen.getByText('Reason: Misleading prices')).toBeInTheDocument();
  });

  it('loads the next page of a long list on request', async () => {
    renderConsole({
      ...overviewRoute,
      'GET /api/v1/admin/vendors?status=PENDING': { body: { data: [pending], nextCursor: 'next' } },
      'GET /api/v1/admin/vendors?status=PENDING&cursor=next': list([{ ...pending, vendorId: 9, businessName: 'Il-Ħanut ta’ Pawlu' }]),
    });
    await screen.findByRole('article', { name: 'Ta’ Marija Bakery' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Il-Ħanut ta’ Pawlu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says the console is only for administrators to anyone else, asking nothing', () => {
    const { api } = renderConsole({}, '/admin', false);
    expect(screen.getByRole('heading', { name: 'Not available' })).toBeInTheDocument();
    expect(screen.getByText("This is for Qrib's administrators only.")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('says the same when the API answers 403 adminOnly', async () => {
    renderConsole({
      'GET /api/v1/admin/overview': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: "This is for Qrib's administrators only.", code: 'adminOnly', params: {} } },
      'GET /api/v1/admin/vendors?status=PENDING': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: "This is for Qrib's administrators only.", code: 'adminOnly', params: {} } },
    });
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeInTheDocument();
  });

  it('shows loading, then an error it can name', async () => {
    renderConsole({ 'GET /api/v1/admin/overview': neverAnswer, 'GET /api/v1/admin/vendors?status=PENDING': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Choose the businesses to list: PENDING, ACTIVE, REJECTED or SUSPENDED.', code: 'adminStatusRequired', params: {} } } });
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the businesses to list: PENDING, ACTIVE, REJECTED or SUSPENDED.');
  });
});

const reported: ReportedItem = {
  kind: 'OFFER',
  itemId: 12,
  vendorId: 8,
  title: 'Free coffee forever',
  excerpt: 'Every coffee is free',
  itemStatus: 'ACTIVE',
  reportCount: 2,
  firstReportedAt: '2026-11-21T10:00:00.000Z',
  reports: [
    { reportId: 1, reason: 'MISLEADING', text: 'They charged me', createdAt: '2026-11-21T10:00:00.000Z', reporter: { userId: 4, username: 'carmen', formerShopper: false } },
    { reportId: 2, reason: 'OTHER', text: 'Not real', createdAt: '2026-11-21T11:00:00.000Z', reporter: { userId: 5, username: 'paul', formerShopper: false } },
  ],
};

describe('the console: reports, disputes and the log', () => {
  it('groups reports per item with each reason, text and reporter, links the offer, and removes only with a statement of reasons', async () => {
    let decided = false;
    const { api } = renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/reports': () => ({ body: { data: decided ? [] : [reported] } }),
        'POST /api/v1/admin/reports/OFFER/12/decision': () => {
          decided = true;
          return { body: { data: { kind: 'OFFER', itemId: 12, outcome: 'REMOVED', decidedReports: 2 } } };
        },
      },
      '/admin?section=reports',
    );
    const card = await screen.findByRole('article', { name: 'Free coffee forever' });
    expect(card).toHaveTextContent('Offer · Reports: 2');
    expect(within(card).getByText('Misleading')).toBeInTheDocument();
    expect(within(card).getByText('They charged me')).toBeInTheDocument();
    expect(card).toHaveTextContent(/Reported by paul on/);
    expect(within(card).getByRole('link', { name: 'View Free coffee forever' })).toHaveAttribute('href', '/viewoffer/12');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove Free coffee forever' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Free coffee forever' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Please give the reason the other side will read.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to those concerned)'), 'A misleading offer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/reports/OFFER/12/decision', body: { outcome: 'REMOVED', reason: 'A misleading offer' } });
  });

  it('keeps a reported review without a reason, and links it to the reviewed shop', async () => {
    const review: ReportedItem = { ...reported, kind: 'REVIEW', itemId: 30, title: 'Ta’ Marija Bakery', excerpt: 'Awful' };
    const { api } = renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/reports': { body: { data: [review] } },
        'POST /api/v1/admin/reports/REVIEW/30/decision': { body: { data: { kind: 'REVIEW', itemId: 30, outcome: 'KEPT', decidedReports: 2 } } },
      },
      '/admin?section=reports',
    );
    // Named as the review of its shop: never what reads as the shop itself.
    const card = await screen.findByRole('article', { name: 'the review of Ta’ Marija Bakery' });
    expect(within(card).getByRole('link', { name: 'View the review of Ta’ Marija Bakery' })).toHaveAttribute('href', '/shops/8');
    await userEvent.click(within(card).getByRole('button', { name: 'Keep the review of Ta’ Marija Bakery' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Reason (optional)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/reports/REVIEW/30/decision', body: { outcome: 'KEPT' } }));
  });

  it('shows a disputed receipt’s files and the shop’s reason, and settles it with a reason', async () => {
    const dispute: ReceiptDispute = {
      receiptId: 41,
      vendorId: 8,
      businessName: 'Ta’ Marija Bakery',
      offerId: 12,
      offerTitle: 'Two pastizzi',
      shopper: { userId: 4, username: 'carmen', formerShopper: false },
      autoStatus: 'VERIFIED',
      status: 'REJECTED',
      ownerReason: 'Not our till',
      createdAt: '2026-11-21T10:00:00.000Z',
      decidedAt: '2026-11-21T12:00:00.000Z',
      files: [{ fileId: 7, contentType: 'image/jpeg', url: '/api/v1/receipts/41/files/7' }],
    };
    const { api } = renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/receipt-disputes': { body: { data: [dispute] } },
        'POST /api/v1/admin/receipts/41/settlement': { body: { data: { receiptId: 41, status: 'VERIFIED', settledAt: '2026-11-22T10:00:00.000Z' } } },
      },
      '/admin?section=disputes',
    );
    const card = await screen.findByRole('article', { name: 'Receipt for Ta’ Marija Bakery from carmen' });
    expect(card).toHaveTextContent('The shop’s reason: Not our till');
    expect(within(card).getByRole('img', { name: 'Receipt file 1' })).toHaveAttribute('src', '/api/v1/receipts/41/files/7');
    await userEvent.click(within(card).getByRole('button', { name: 'Settle as verified' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle as verified' });
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to those concerned)'), 'The till roll matches');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle as verified' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/receipts/41/settlement', body: { status: 'VERIFIED', reason: 'The till roll matches' } }),
    );
  });

  it('lists the action log: who, what, which item, why and when, with more on request', async () => {
    const entry = { actionId: 2, admin: { userId: 9, username: 'rita', formerShopper: false }, action: 'REJECT_VENDOR', itemKind: 'VENDOR', itemId: 8, reason: 'The licence is unreadable', createdAt: '2026-11-21T10:00:00.000Z' };
    renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/actions': { body: { data: [entry], nextCursor: 'abc' } },
        'GET /api/v1/admin/actions?cursor=abc': { body: { data: [{ ...entry, actionId: 1, admin: null, action: 'APPROVE_VENDOR', reason: null }], nextCursor: null } },
      },
      '/admin?section=log',
    );
    const first = await screen.findByText(/refused a business/);
    expect(first.closest('li')).toHaveTextContent('rita · refused a business · Business #8');
    expect(first.closest('li')).toHaveTextContent('Reason: The licence is unreadable');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText(/approved a business/)).toHaveTextContent('A deleted account · approved a business');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('names a deleted account as a former shopper in the disputes and the action log, never by its pseudonym', async () => {
    const former = { userId: 77, username: 'former-0b7e7c1e-5d3c-4c62-9a59-3f8d2f6b1a10', formerShopper: true };
    const dispute: ReceiptDispute = {
      receiptId: 42,
      vendorId: 8,
      businessName: 'Ta’ Marija Bakery',
      offerId: null,
      offerTitle: null,
      shopper: former,
      autoStatus: 'VERIFIED',
      status: 'REJECTED',
      ownerReason: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      decidedAt: '2026-11-21T12:00:00.000Z',
      files: [],
    };
    const entry = { actionId: 3, admin: former, action: 'KEEP_ITEM', itemKind: 'OFFER', itemId: 12, reason: null, createdAt: '2026-11-21T10:00:00.000Z' };
    const routes = {
      ...overviewRoute,
      'GET /api/v1/admin/receipt-disputes': { body: { data: [dispute] } },
      'GET /api/v1/admin/actions': { body: { data: [entry], nextCursor: null } },
    };
    const { unmount } = renderConsole(routes, '/admin?section=disputes');
    expect(await screen.findByRole('article', { name: 'Receipt for Ta’ Marija Bakery from A former shopper' })).toBeInTheDocument();
    expect(screen.queryByText(/former-0b7e/)).not.toBeInTheDocument();
    unmount();
    renderConsole(routes, '/admin?section=log');
    expect((await screen.findByText(/kept a reported item/)).closest('li')).toHaveTextContent('A former shopper · kept a reported item');
    expect(screen.queryByText(/former-0b7e/)).not.toBeInTheDocument();
  });

  it('says when a queue is empty', async () => {
    renderConsole({ ...overviewRoute, 'GET /api/v1/admin/receipt-disputes': { body: { data: [] } } }, '/admin?section=disputes');
    expect(await screen.findByText('No disputed receipts.')).toBeInTheDocument();
  });
});

describe('the console: suspicious activity (issue 24)', () => {
  const entry: SuspiciousActivity = {
    id: 6,
    vendorId: 8,
    businessName: 'Ta’ Marija Bakery',
    status: 'OPEN',
    ruleCode: 'NEW_ACCOUNTS_BURST',
    ruleParams: { windowMinutes: 60, minAccounts: 3 },
    detectedAt: '2026-11-27T10:40:00.000Z',
    decidedAt: null,
    reason: null,
    accounts: [
      { userId: 31, username: 'anna31', createdAt: '2026-11-27T10:00:00.000Z', emailVerified: false, sameNetwork: true },
      { userId: 32, username: 'ben32', createdAt: '2026-11-27T10:05:00.000Z', emailVerified: true, sameNetwork: false },
    ],
    events: [
      { kind: 'REDEMPTION', itemId: 101, userId: 31, username: 'anna31', occurredAt: '2026-11-27T10:30:00.000Z', stars: null },
      { kind: 'REVIEW', itemId: 55, userId: 31, username: 'anna31', occurredAt: '2026-11-27T10:35:00.000Z', stars: 5 },
    ],
  };

  it('lists an open entry with the rule in words, the accounts and the events, and excludes it only with a reason', async () => {
    let decided = false;
    const { api } = renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/suspicious-activity?status=OPEN': () => ({ body: { data: decided ? [] : [entry] } }),
        'POST /api/v1/admin/suspicious-activity/6/decision': () => {
          decided = true;
          return { body: { data: { ...entry, status: 'EXCLUDED', decidedAt: '2026-11-27T11:00:00.000Z', reason: 'Sock puppets' } } };
        },
      },
      '/admin?section=suspicious',
    );
    expect(screen.getByRole('button', { name: 'Suspicious activity' })).toHaveAttribute('aria-pressed', 'true');
    const card = await screen.findByRole('article', { name: 'Ta’ Marija Bakery' });
    expect(card).toHaveTextContent('3 or more new, unverified or same-network accounts within 60 minutes');
    expect(card).toHaveTextContent('Detected on');
    const accounts = within(card).getByTestId('suspicious-accounts');
    expect(accounts).toHaveTextContent(/anna31 · created .+ · e-mail not verified · same network as another account/);
    expect(accounts).toHaveTextContent(/ben32 · created .+ · e-mail verified$/);
    const events = within(card).getByTestId('suspicious-events');
    expect(events).toHaveTextContent(/Code redeemed at the till · anna31 · /);
    expect(events).toHaveTextContent(/Review · anna31 · .+ · 5 out of 5 stars/);

    await userEvent.click(within(card).getByRole('button', { name: 'Exclude the activity at Ta’ Marija Bakery' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude: remove the reviews and leave the purchases out of every figure' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(within(dialog).getByText('Please give the reason the other side will read.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to those concerned)'), 'Sock puppets');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText('No suspicious activity to check.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/suspicious-activity/6/decision', body: { decision: 'EXCLUDE', reason: 'Sock puppets' } });
  });

  it('clears an entry with a reason, and shows a refusal in words', async () => {
    const { api } = renderConsole(
      {
        ...overviewRoute,
        'GET /api/v1/admin/suspicious-activity?status=OPEN': { body: { data: [entry] } },
        'POST /api/v1/admin/suspicious-activity/6/decision': {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'This suspicious activity has already been decided.', code: 'suspiciousAlreadyDecided', params: {} },
        },
      },
      '/admin?section=suspicious',
    );
    const card = await screen.findByRole('article', { name: 'Ta’ Marija Bakery' });
    await userEvent.click(within(card).getByRole('button', { name: 'Clear the activity at Ta’ Marija Bakery' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear: the reviews and purchases count again' });
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to those concerned)'), 'A school trip');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/already been decided/);
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/admin/suspicious-activity/6/decision', body: { decision: 'CLEAR', reason: 'A school trip' } });
  });
});

describe('a shop’s page history (issue 28)', () => {
  it('is asked for only when opened, and reads who changed what, pictures as words', async () => {
    const changes = [
      { changeId: 3, field: 'logo', before: null, after: 'public/logos/abc-logo.webp', changedAt: '2026-11-28T09:15:00.000Z', changedBy: { userId: 21, username: 'marija' } },
      { changeId: 2, field: 'businessName', before: 'Marija’s', after: 'Ta’ Marija Bakery', changedAt: '2026-11-28T09:10:00.000Z', changedBy: null },
      { changeId: 1, field: 'website', before: null, after: 'https://marija.example.mt', changedAt: '2026-11-28T09:05:00.000Z', changedBy: { userId: 21, username: 'marija' } },
    ];
    const { api } = renderConsole({
      ...overviewRoute,
      'GET /api/v1/admin/vendors?status=PENDING': list([pending]),
      'GET /api/v1/admin/vendors/8/changes': { body: { data: changes } },
    });
    const card = await screen.findByRole('article', { name: 'Ta’ Marija Bakery' });
    expect(api.calls.some((call) => call.path === '/api/v1/admin/vendors/8/changes')).toBe(false);
    await userEvent.setup().click(within(card).getByText('Page history'));
    const items = within(await within(card).findByTestId('page-history-list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Logo: new picturemarija · /),
      expect.stringMatching(/^Business Name: Marija’s → Ta’ Marija BakeryA former account · /),
      expect.stringMatching(/^Website: — → https:\/\/marija\.example\.mtmarija · /),
    ]);
  });
});

