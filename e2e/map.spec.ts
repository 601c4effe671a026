/**
 * The map view (issue 12 item 4, ADR 013) at 390 px (mobile project) and on the desktop: the list/map toggle on the
 * home and on search, MapLibre's clustered shop markers (a cluster's count, a tapped shop's card), the shop page's
 * small map, all with every request to a host other than this server refused (the offline basemap needs none);
 * the map never holds the keyboard; without WebGL a message and the list; axe in light and dark.
 * Headless Chromium draws WebGL with SwiftShader even with --disable-gpu, so the suite's launch options serve.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { en } from '@qrib/shared/i18n/en';
import { expectNoSeriousA11yViolations, setDarkMode, signUpByApi } from './helpers.ts';

const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };
test.use({ geolocation: VALLETTA, permissions: ['geolocation'] });

/** Refuses every request to another host and lists them (the test ends by expecting none). */
async function refuseOtherHosts(page: Page): Promise<string[]> {
  const external: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    external.push(url.href);
    return route.abort();
  });
  return external;
}

/** The shop markers and clusters drawn inside the map's visible box. */
async function visibleMarkers(map: Locator, testId: 'map-marker' | 'map-cluster'): Promise<Locator[]> {
  const box = await map.boundingBox();
  if (!box) return [];
  const inside: Locator[] = [];
  for (const marker of await map.getByTestId(testId).all()) {
    const at = await marker.boundingBox();
    if (at && at.x >= box.x && at.y >= box.y && at.x + at.width <= box.x + box.width && at.y + at.height <= box.y + box.height) inside.push(marker);
  }
  return inside;
}

/** Taps clusters (each zooms in) until a single shop's marker shows, then taps it; answers its shop's name. */
async function tapAShop(map: Locator): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const [marker] = await visibleMarkers(map, 'map-marker');
    if (marker) {
      const name = (await marker.getAttribute('title')) ?? '';
      await marker.click();
      return name;
    }
    const [cluster] = await visibleMarkers(map, 'map-cluster');
    if (!cluster) throw new Error('no marker and no cluster on the map');
    const count = (await cluster.getByTestId('map-cluster-count').textContent()) ?? '';
    await cluster.click();
    // The zoom has happened once that cluster is gone (its shops are drawn apart or in smaller clusters).
    await expect.poll(async () => (await map.getByTestId('map-cluster-count').allTextContents()).join(',')).not.toBe(count);
  }
  throw new Error('no single shop after zooming in');
}

async function openMap(page: Page) {
  const group = page.getByRole('group', { name: en.map.viewLabel });
  await expect(group.getByRole('button', { name: en.map.list })).toHaveAttribute('aria-pressed', 'true');
  await group.getByRole('button', { name: en.map.map }).click();
  await expect(group.getByRole('button', { name: en.map.map })).toHaveAttribute('aria-pressed', 'true');
  const map = page.getByTestId('shop-map');
  await expect(map.locator('canvas')).toBeVisible();
  return map;
}

test('the home and search show the shops on a map: clusters with counts, a tapped shop’s card, no other host asked, no keyboard trap (light and dark)', async ({ page }) => {
  const external = await refuseOtherHosts(page);
  await signUpByApi(page);
  await page.goto('/');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  // Read again with each look at the map: tests running alongside open shops near Valletta, and the home shows a new
  // shop nearby without a reload.
  const nearbyShops = async () => {
    const nearby = await page.request.get(`/api/v1/offers/nearby-offers?latitude=${VALLETTA.latitude}&longitude=${VALLETTA.longitude}&radiusKm=10`);
    return ((await nearby.json()) as { data: unknown[] }).data.length;
  };
  expect(await nearbyShops()).toBeGreaterThan(3);

  const map = await openMap(page);
  // Every shop is on the map once: alone (its best discount) or counted in a cluster.
  await expect(map.getByTestId('map-cluster').first()).toBeVisible();
  await expect
    .poll(
      async () => {
        const counts = await map.getByTestId('map-cluster-count').allTextContents();
        const onMap = counts.reduce((sum, count) => sum + Number(count), 0) + (await map.getByTestId('map-marker').count());
        return onMap - (await nearbyShops());
      },
      { message: 'shops on the map (markers and clusters’ counts) minus shops nearby' },
    )
    .toBe(0);
  expect(Number(await map.getByTestId('map-cluster-count').first().textContent())).toBeGreaterThan(1);
  // The offline basemap's labels: Maltese localities in the app's own font.
  await expect(map.getByTestId('map-label').filter({ hasText: 'Valletta' })).toBeVisible();

  // The map is not a keyboard stop: nothing in it takes focus, and from the toggle Tab goes past it.
  await expect(map.locator('canvas')).toHaveAttribute('tabindex', '-1');
  await expect(map.locator('a, button, input, [tabindex]:not([tabindex="-1"])')).toHaveCount(0);
  await page.getByRole('button', { name: en.map.map }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))).not.toMatch(/canvas|map-marker|map-cluster/);
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="shop-map"]') ?? null)).toBeNull();
  await expectNoSeriousA11yViolations(page);

  const name = await tapAShop(map);
  const card = page.getByTestId('map-shop-card');
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByTestId('offer-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: `Close ${name}` }).click();
  await expect(card).toHaveCount(0);

  await setDarkMode(page, true);
  const darkMap = await openMap(page);
  await expect(darkMap.getByTestId('map-cluster').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Search: the same toggle, the results' shops.
  await page.goto('/searchoffers?q=pastizzi');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  const searchMap = await openMap(page);
  await expect(searchMap.getByTestId('map-marker').or(searchMap.getByTestId('map-cluster')).first()).toBeVisible();
  const found = await tapAShop(searchMap);
  await expect(page.getByTestId('map-shop-card').getByRole('heading', { name: found })).toBeVisible();
  await expect(page.getByTestId('map-shop-card').getByTestId('offer-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  await openMap(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: en.map.list }).click();
  await expect(page.getByTestId('offer-card').first()).toBeVisible();

  expect(external).toEqual([]);
});

test('a shop’s page shows where it is on a small still map (light and dark), with no other host asked', async ({ page }) => {
  const external = await refuseOtherHosts(page);
  await signUpByApi(page);
  const nearby = await page.request.get(`/api/v1/offers/nearby-offers?latitude=${VALLETTA.latitude}&longitude=${VALLETTA.longitude}&radiusKm=10`);
  const [shop] = ((await nearby.json()) as { data: { vendorId: number; businessName: string }[] }).data;
  if (!shop) throw new Error('no demo shop near Valletta');
  await page.goto(`/shops/${shop.vendorId}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.businessName })).toBeVisible();
  const map = page.getByTestId('shop-map');
  await expect(map.locator('canvas')).toBeVisible();
  const marker = map.getByTestId('map-marker');
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAttribute('title', shop.businessName);
  await expect(marker).toHaveText(/%|€|Special Off/);
  // Still: not a keyboard stop, and nothing inside it to tab to.
  await expect(map.locator('canvas')).toHaveAttribute('tabindex', '-1');
  await expect(map.locator('a, button, [tabindex="0"]')).toHaveCount(0);
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await expect(page.getByTestId('shop-map').getByTestId('map-marker')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, false);
  expect(external).toEqual([]);
});

test('without WebGL the map says it cannot be shown and the list stays (light and dark)', async ({ page }) => {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    // @ts-expect-error -- a stand-in for a device with no WebGL: the contexts MapLibre needs are refused.
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      return kind === 'webgl2' || kind === 'webgl' ? null : getContext.call(this, kind as '2d', ...(rest as []));
    };
  });
  await signUpByApi(page);
  await page.goto('/');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await page.getByRole('button', { name: en.map.map }).click();
  await expect(page.getByTestId('map-unavailable')).toHaveText(en.map.unavailable);
  await expect(page.getByTestId('shop-map')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await setDarkMode(page, true);
  await page.getByRole('button', { name: en.map.map }).click();
  await expect(page.getByTestId('map-unavailable')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: en.map.list }).click();
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await setDarkMode(page, false);
});
