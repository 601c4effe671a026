/**
 * Issue 28 §5: GET /api/v1/vendors/me/insights/export.csv (a row per Malta day and offer) and GET
 * /api/v1/vendors/me/insights/offers (each offer's figures for a period), against a known set of events and codes, held
 * to the dashboard's own figures for the same days. Malta is UTC+1 in February and March 2026 (summer time starts on
 * 29 March), so 23:00 UTC is the next day's midnight there.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  INSIGHTS_EXPORT_COLUMNS,
  MESSAGES,
  formatMessage,
  maltaMidnight,
  offerFiguresResponseSchema,
  vendorInsightsResponseSchema,
  type OfferFigures,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerClaims, offerEvents, offers, suspiciousActivity, suspiciousActivityItems } from '../../src/db/schema.ts';
import { buildPendingShop, buildShop, createOffer, maltaDay } from '../factories.ts';
import { bodyOf, signUp, useTestApp } from '../helpers.ts';

let app: App;
useTestApp({}, (made) => ({ app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;
type Kind = 'IMPRESSION' | 'VIEW' | 'SAVE';

const BOM = '\uFEFF';
const HEADER = INSIGHTS_EXPORT_COLUMNS.join(',');

/** An offer of the shop, dated as if it had been created at `createdAt`. */
async function offerCreatedAt(shop: { cookies: Record<string, string> }, title: string, createdAt: string) {
  const offerId = await createOffer(app, shop, { title });
  await app.db.update(offers).set({ createdAt: new Date(createdAt) }).where(eq(offers.offerId, offerId));
  return offerId;
}

async function addEvents(vendorId: number, rows: [offerId: number, user: Account | null, kind: Kind, at: string][]) {
  await app.db.insert(offerEvents).values(rows.map(([offerId, user, kind, at]) => ({ offerId, vendorId, userId: user?.userId ?? null, kind, createdAt: new Date(at) })));
}

let codes = 0;
/** A code claimed at `claimedAt`, redeemed at `redeemedAt` if given; answers its id. */
async function addClaim(vendorId: number, offerId: number, shopper: Account, claimedAt: string, redeemedAt?: string) {
  codes += 1;
  const [claim] = await app.db
    .insert(offerClaims)
    .values({
      offerId,
      vendorId,
      userId: shopper.userId,
      code: `C${String(codes).padStart(5, '0')}`,
      status: redeemedAt ? 'REDEEMED' : 'ACTIVE',
      createdAt: new Date(claimedAt),
      redeemedAt: redeemedAt ? new Date(redeemedAt) : null,
    })
    .returning({ id: offerClaims.id });
  if (!claim) throw new Error('claim not inserted');
  return claim.id;
}

/** Lists a redemption as suspicious activity (OPEN): it counts in no figure (ADR 016). */
async function flagRedemption(vendorId: number, claimId: number, shopper: Account, at: string) {
  const [activity] = await app.db.insert(suspiciousActivity).values({ vendorId, ruleCode: 'NEW_ACCOUNTS_BURST' }).returning({ id: suspiciousActivity.id });
  if (!activity) throw new Error('activity not inserted');
  await app.db.insert(suspiciousActivityItems).values({ activityId: activity.id, itemKind: 'REDEMPTION', itemId: claimId, userId: shopper.userId, occurredAt: new Date(at) });
}

function getExport(account: { cookies: Record<string, string> } | undefined, query: string) {
  return app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights/export.csv${query}`, cookies: account?.cookies });
}

function getOfferFigures(account: { cookies: Record<string, string> } | undefined, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights/offers${query}`, cookies: account?.cookies });
}

/** The file's lines after the byte-order mark (CRLF line ends; the last line ends too). */
function linesOf(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(BOM.length, -2).split('\r\n');
}

/** A shop with two offers created on 1 February and a known set of events and codes on 28 Feb – 4 March. */
async function knownShop() {
  const owner = await buildShop(app);
  const pastizzi = await offerCreatedAt(owner, 'Pastizzi deal', '2026-02-01T10:00:00Z');
  const formula = await offerCreatedAt(owner, '=HYPERLINK("x")', '2026-02-01T10:00:00Z');
  const [s1, s2, s3] = [await signUp(app), await signUp(app), await signUp(app)];
  if (!s1 || !s2 || !s3) throw new Error('shoppers missing');
  const { vendorId } = owner;
  await addEvents(vendorId, [
    [pastizzi, s3, 'VIEW', '2026-02-28T22:59:00Z'], // 23:59 on 28 Feb in Malta: before the period
    [pastizzi, s1, 'VIEW', '2026-02-28T23:30:00Z'], // 00:30 on 1 Mar in Malta
    [pastizzi, s1, 'IMPRESSION', '2026-03-01T10:00:00Z'],
    [pastizzi, null, 'IMPRESSION', '2026-03-01T10:00:00Z'],
    [pastizzi, s2, 'VIEW', '2026-03-01T22:59:00Z'], // 23:59 on 1 Mar in Malta
    [pastizzi, s1, 'VIEW', '2026-03-01T23:00:00Z'], // midnight: 2 Mar in Malta
    [pastizzi, s3, 'SAVE', '2026-03-02T12:00:00Z'],
    [formula, s3, 'VIEW', '2026-03-03T12:00:00Z'],
    [pastizzi, s2, 'VIEW', '2026-03-03T23:00:00Z'], // midnight: 4 Mar in Malta, after the period
  ]);
  // s1 claims on 1 Mar and redeems on 2 Mar; s2 claimed in February and redeems on 3 Mar; s3 claims the formula offer at
  // 23:30 on 3 Mar in Malta, and claims and redeems the pastizzi on 2 Mar, a redemption listed as suspicious.
  await addClaim(vendorId, pastizzi, s1, '2026-03-01T09:00:00Z', '2026-03-02T09:00:00Z');
  await addClaim(vendorId, pastizzi, s2, '2026-02-27T09:00:00Z', '2026-03-03T09:00:00Z');
  await addClaim(vendorId, formula, s3, '2026-03-03T22:30:00Z');
  const flagged = await addClaim(vendorId, pastizzi, s3, '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z');
  await flagRedemption(vendorId, flagged, s3, '2026-03-02T11:00:00Z');

  // Another shop's activity on the same days never counts.
  const other = await buildShop(app);
  const elsewhere = await offerCreatedAt(other, 'Elsewhere', '2026-02-01T10:00:00Z');
  await addEvents(other.vendorId, [[elsewhere, s1, 'VIEW', '2026-03-02T10:00:00Z']]);
  await addClaim(other.vendorId, elsewhere, s1, '2026-03-02T10:00:00Z', '2026-03-02T10:30:00Z');
  return { owner, pastizzi, formula };
}

describe('GET /vendors/me/insights/export.csv', () => {
  it('streams a BOM, the header and a row per Malta day and offer, titles that look like formulas neutralised', async () => {
    const { owner, pastizzi, formula } = await knownShop();
    const response = await getExport(owner, '?from=2026-03-01&to=2026-03-03');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="qrib-insights-2026-03-01-2026-03-03.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    // Written as it is read: no length known beforehand.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    // The bytes themselves: EF BB BF, then the header.
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const title = `"'=HYPERLINK(""x"")"`;
    expect(linesOf(response.body)).toEqual([
      'date,offer_id,offer_title,impressions,views,saves,codes,codes_redeemed,redemptions',
      // 1 Mar: two impressions, the views at 00:30 and 23:59, s1's code (redeemed since); the redemption is the next day's.
      `2026-03-01,${pastizzi},Pastizzi deal,2,2,0,1,1,0`,
      `2026-03-01,${formula},${title},0,0,0,0,0,0`,
      // 2 Mar: the view at midnight, the save, s3's code (redeemed, but flagged), s1's redemption (s3's is left out).
      `2026-03-02,${pastizzi},Pastizzi deal,0,1,1,1,1,1`,
      `2026-03-02,${formula},${title},0,0,0,0,0,0`,
      // 3 Mar: s2's redemption of a February code; the formula offer's view and s3's code at 23:30.
      `2026-03-03,${pastizzi},Pastizzi deal,0,0,0,0,0,1`,
      `2026-03-03,${formula},${title},0,1,0,1,0,0`,
    ]);
  });

  it('adds up to the dashboard’s own figures for the same days, and to each offer’s figures', async () => {
    const { owner, pastizzi, formula } = await knownShop();
    const range = '?from=2026-03-01&to=2026-03-03';
    const rows = linesOf((await getExport(owner, range)).body)
      .slice(1)
      .map((line) => line.split(',').slice(-6).map(Number));
    const total = (column: number) => rows.reduce((sum, row) => sum + (row[column] ?? 0), 0);
    const dashboard = bodyOf(await app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights${range}`, cookies: owner.cookies }), vendorInsightsResponseSchema).data;
    expect([total(0), total(1), total(2), total(3), total(5)]).toEqual([
      dashboard.overview.impressions,
      dashboard.overview.views,
      dashboard.overview.saves,
      dashboard.redemptions.claims,
      dashboard.redemptions.redemptions,
    ]);
    expect([total(0), total(1), total(2), total(3), total(4), total(5)]).toEqual([2, 4, 1, 3, 2, 2]);

    const figures = bodyOf(await getOfferFigures(owner, range), offerFiguresResponseSchema).data;
    expect(figures.range).toEqual({ from: '2026-03-01', to: '2026-03-03', days: 3 });
    const expected: OfferFigures[] = [
      { offerId: pastizzi, title: 'Pastizzi deal', status: 'ACTIVE', impressions: 2, views: 3, saves: 1, claims: 2, claimsRedeemed: 2, redemptions: 2 },
      { offerId: formula, title: '=HYPERLINK("x")', status: 'ACTIVE', impressions: 0, views: 1, saves: 0, claims: 1, claimsRedeemed: 0, redemptions: 0 },
    ];
    expect(figures.offers).toEqual(expected);
    // The dashboard's per-offer codes say the same.
    expect(dashboard.redemptions.byOffer).toEqual(
      expected.map(({ offerId, title, claims, redemptions, claimsRedeemed }) => ({ offerId, title, claims, redemptions, claimsRedeemed })),
    );
  });

  it('reads a long period page by page: every day once, each offer from the Malta day it was created (or its first figure)', async () => {
    const owner = await buildShop(app);
    const early = await offerCreatedAt(owner, 'Early', '2026-02-01T10:00:00Z');
    // 23:30 UTC on 10 March is 00:30 on 11 March in Malta.
    const late = await offerCreatedAt(owner, 'Late', '2026-03-10T23:30:00Z');
    const shopper = await signUp(app);
    // A figure before the offer's creation (only the database can do this) is still in the file, not lost.
    await addEvents(owner.vendorId, [[late, shopper, 'VIEW', '2026-03-05T12:00:00Z']]);

    // 40 days, across the end of the first page (31 days) and Malta's change to summer time on 29 March.
    const lines = linesOf((await getExport(owner, '?from=2026-03-01&to=2026-04-09')).body);
    expect(lines[0]).toBe(HEADER);
    const rows = lines.slice(1).map((line) => line.split(','));
    const daysOf = (offerId: number) => rows.filter((row) => row[1] === String(offerId)).map((row) => row[0]);
    expect(daysOf(early)).toHaveLength(40);
    expect(daysOf(early)[0]).toBe('2026-03-01');
    expect(daysOf(early)[39]).toBe('2026-04-09');
    expect(new Set(daysOf(early)).size).toBe(40);
    expect(daysOf(late)).toEqual(['2026-03-05', ...Array.from({ length: 30 }, (_, index) => daysOf(early)[10 + index])]);
    expect(daysOf(late)[1]).toBe('2026-03-11');
    expect(rows).toHaveLength(40 + 31);
    // Day by day, and by offer within a day.
    const order = rows.map((row) => `${row[0]}#${String(row[1]).padStart(9, '0')}`);
    expect(order).toEqual([...order].sort());
    expect(rows.find((row) => row[0] === '2026-03-05' && row[1] === String(late))?.slice(3)).toEqual(['0', '1', '0', '0', '0', '0']);
  });

  it('neutralises every cell beginning with =, +, -, @, a tab or a carriage return, and only those', async () => {
    const owner = await buildShop(app);
    const titles = ['+1 free coffee', '-50% today', '@home delivery', '\tTabbed', '\rReturned', 'Coffee, then =1+1', 'Ħobż biż-żejt', 'Two\nlines'];
    const ids = [];
    for (const index of titles.keys()) ids.push(await offerCreatedAt(owner, `Offer ${index}`, '2026-02-01T10:00:00Z'));
    // Straight into the database: whatever the forms allow today, the file must be safe with any title.
    for (const [index, title] of titles.entries()) await app.db.update(offers).set({ title }).where(eq(offers.offerId, ids[index] ?? 0));
    const rows = linesOf((await getExport(owner, '?from=2026-03-01&to=2026-03-01')).body)
      .slice(1)
      .join('\r\n');
    expect(rows).toBe(
      [
        `2026-03-01,${ids[0]},'+1 free coffee,0,0,0,0,0,0`,
        `2026-03-01,${ids[1]},'-50% today,0,0,0,0,0,0`,
        `2026-03-01,${ids[2]},'@home delivery,0,0,0,0,0,0`,
        `2026-03-01,${ids[3]},'\tTabbed,0,0,0,0,0,0`,
        // A carriage return is a line break to a spreadsheet: the cell is also quoted.
        `2026-03-01,${ids[4]},"'\rReturned",0,0,0,0,0,0`,
        `2026-03-01,${ids[5]},"Coffee, then =1+1",0,0,0,0,0,0`,
        `2026-03-01,${ids[6]},Ħobż biż-żejt,0,0,0,0,0,0`,
        // A line break inside a title stays inside its quoted cell.
        `2026-03-01,${ids[7]},"Two\nlines",0,0,0,0,0,0`,
      ].join('\r\n'),
    );
  });

  it('answers a shop without offers with the BOM and the header alone', async () => {
    const owner = await buildShop(app);
    const response = await getExport(owner, '?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${BOM}${HEADER}\r\n`);
  });

  it.each([
    ['', 'from', MESSAGES.insightsRangeRequired],
    ['?to=2026-03-05', 'from', MESSAGES.insightsRangeRequired],
    ['?from=2026-03-01', 'to', MESSAGES.insightsRangeRequired],
    ['?from=2026-02-30&to=2026-03-05', 'from', MESSAGES.insightsDateInvalid],
    ['?from=2026-03-01&to=2026-3-5', 'to', MESSAGES.insightsDateInvalid],
    ['?from=&to=2026-03-05', 'from', MESSAGES.insightsDateInvalid],
    ['?from=2026-03-08&to=2026-03-02', 'to', MESSAGES.insightsRangeReversed],
    ['?from=2025-01-01&to=2026-03-02', 'to', formatMessage(MESSAGES.insightsRangeTooLong, { max: 366 })],
  ])('answers 400 for %s, naming %s', async (query, field, message) => {
    const owner = await buildShop(app);
    const response = await getExport(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().fieldErrors?.[field]).toBe(message);
  });

  it('takes a whole leap year (366 days)', async () => {
    const owner = await buildShop(app);
    await offerCreatedAt(owner, 'All year', '2023-06-01T10:00:00Z');
    const response = await getExport(owner, '?from=2024-01-01&to=2024-12-31');
    expect(response.statusCode).toBe(200);
    expect(linesOf(response.body)).toHaveLength(1 + 366);
  });

  it('refuses anyone signed out (401) and shoppers (403); a pending shop is answered as its dashboard is', async () => {
    const query = '?from=2026-03-01&to=2026-03-03';
    expect((await getExport(undefined, query)).statusCode).toBe(401);
    const shopper = await signUp(app);
    const refused = await getExport(shopper, query);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.registerBusinessFirst);
    const pending = await buildPendingShop(app);
    const dashboard = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights${query}`, cookies: pending.cookies });
    expect((await getExport(pending, query)).statusCode).toBe(dashboard.statusCode);
    expect((await getOfferFigures(pending, query)).statusCode).toBe(dashboard.statusCode);
  });
});

describe('GET /vendors/me/insights/offers', () => {
  it('defaults to the last 7 Malta days, today included, with every offer of the shop', async () => {
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner, { title: 'This week' });
    const quiet = await createOffer(app, owner, { title: 'Quiet' });
    const shopper = await signUp(app);
    const firstDay = maltaMidnight(maltaDay(-6)).getTime();
    await addEvents(owner.vendorId, [
      [offerId, shopper, 'VIEW', new Date(firstDay - 60_000).toISOString()], // a minute before the week
      [offerId, shopper, 'VIEW', new Date(firstDay + 60_000).toISOString()], // its first minute
      [offerId, shopper, 'SAVE', new Date().toISOString()],
    ]);
    await addClaim(owner.vendorId, offerId, shopper, new Date().toISOString(), new Date().toISOString());
    const data = bodyOf(await getOfferFigures(owner), offerFiguresResponseSchema).data;
    expect(data.range).toEqual({ from: maltaDay(-6), to: maltaDay(0), days: 7 });
    expect(data.offers).toEqual([
      { offerId, title: 'This week', status: 'ACTIVE', impressions: 0, views: 1, saves: 1, claims: 1, claimsRedeemed: 1, redemptions: 1 },
      { offerId: quiet, title: 'Quiet', status: 'ACTIVE', impressions: 0, views: 0, saves: 0, claims: 0, claimsRedeemed: 0, redemptions: 0 },
    ]);
  });

  it('leaves out offers created after the period that have no figure in it', async () => {
    const owner = await buildShop(app);
    await createOffer(app, owner, { title: 'Made today' });
    const data = bodyOf(await getOfferFigures(owner, '?from=2026-03-01&to=2026-03-07'), offerFiguresResponseSchema).data;
    expect(data.offers).toEqual([]);
  });

  it.each([
    ['?from=2026-03-01', 'to', MESSAGES.insightsRangeIncomplete],
    ['?to=2026-03-01', 'from', MESSAGES.insightsRangeIncomplete],
    ['?from=2026-13-01&to=2026-03-05', 'from', MESSAGES.insightsDateInvalid],
    ['?from=2026-03-08&to=2026-03-02', 'to', MESSAGES.insightsRangeReversed],
    ['?from=2025-01-01&to=2026-03-02', 'to', formatMessage(MESSAGES.insightsRangeTooLong, { max: 366 })],
  ])('answers 400 for %s, naming %s', async (query, field, message) => {
    const owner = await buildShop(app);
    const response = await getOfferFigures(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors?.[field]).toBe(message);
  });

  it('refuses anyone signed out (401) and shoppers (403)', async () => {
    expect((await getOfferFigures(undefined)).statusCode).toBe(401);
    const shopper = await signUp(app);
    expect((await getOfferFigures(shopper)).statusCode).toBe(403);
  });
});
