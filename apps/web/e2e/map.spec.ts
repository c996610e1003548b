import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerByApi, startSession } from './support/session';

// The address confirmation map (spec sections 2, 4, 8, 9). The server under test has no Maps key,
// so this spec answers GET /api/config/google with one, and serves a local stand-in for Google's
// script (support/google-maps-stub.js) in place of maps.googleapis.com.

const STUB = readFileSync(new URL('./support/google-maps-stub.js', import.meta.url), 'utf8');
const STOCKHOLM = { latitude: 59.3326, longitude: 18.0649 };

interface MapState {
  center: { lat: number; lng: number };
  zoom: number;
  marker: { lat: number; lng: number };
}

declare global {
  interface Window {
    __mapsStub: {
      choosePlaces(places: object[]): void;
      state(): MapState;
    };
  }
}

const scriptUrls: string[] = [];

async function withMaps(context: BrowserContext) {
  await context.route('**/api/config/google', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'e2e-maps-key' }),
  );
  await context.route('https://maps.googleapis.com/maps/api/js**', (route) => {
    scriptUrls.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: STUB });
  });
}

const mapState = (page: Page) => page.evaluate(() => window.__mapsStub.state());

async function openMap(page: Page, context: BrowserContext) {
  await withMaps(context);
  await startSession(page, await registerByApi(page.request, 'Karta Köpare'));
  await page.goto('/map');
  await expect(page.getByPlaceholder('Enter your address')).toBeEnabled();
}

const ONE_PLACE = {
  lat: 59.3345,
  lng: 18.0632,
  name: 'Drottninggatan 12',
  formatted_address: 'Drottninggatan 12, 111 51 Stockholm, Sverige',
  vicinity: 'Norrmalm',
  place_id: 'e2e-place-1',
  address_components: [
    { long_name: '12', short_name: '12', types: ['street_number'] },
    { long_name: 'Drottninggatan', short_name: 'Drottninggatan', types: ['route'] },
    { long_name: '111 51', short_name: '111 51', types: ['postal_code'] },
    { long_name: 'Stockholm', short_name: 'Stockholm', types: ['postal_town'] },
    { long_name: 'Sverige', short_name: 'SE', types: ['country'] },
  ],
};

test.describe('with geolocation allowed', () => {
  test.use({ geolocation: STOCKHOLM, permissions: ['geolocation'] });

  test('starts where the browser is, confirms exactly one place, and fills the shipping form', async ({
    page,
    context,
  }) => {
    await openMap(page, context);
    expect(scriptUrls.at(-1)).toMatch(/[?&]key=e2e-maps-key(&|$)/);
    expect(scriptUrls.at(-1)).toMatch(/[?&]libraries=places(&|$)/);

    // The browser's position, and the marker follows the centre once the map is idle.
    await expect
      .poll(async () => (await mapState(page)).center)
      .toEqual({
        lat: STOCKHOLM.latitude,
        lng: STOCKHOLM.longitude,
      });
    await expect
      .poll(async () => (await mapState(page)).marker)
      .toEqual({
        lat: STOCKHOLM.latitude,
        lng: STOCKHOLM.longitude,
      });

    const confirm = page.getByRole('button', { name: 'Confirm' });
    // The spec's alerts are in the page (role="alert"), not the browser's alert box.
    const problem = page.getByRole('main').getByRole('alert');

    // No search yet, then two results: one is needed.
    await confirm.click();
    await expect(problem).toHaveText('Please enter your address.');
    await page.evaluate((place) => window.__mapsStub.choosePlaces([place, { ...place, place_id: 'other' }]), ONE_PLACE);
    await confirm.click();
    await expect(problem).toHaveText('Please enter your address.');

    // One result: the map and the marker move to it, and confirming goes on to shipping.
    await page.evaluate((place) => window.__mapsStub.choosePlaces([place]), ONE_PLACE);
    expect(await mapState(page)).toMatchObject({
      center: { lat: ONE_PLACE.lat, lng: ONE_PLACE.lng },
      marker: { lat: ONE_PLACE.lat, lng: ONE_PLACE.lng },
    });
    await confirm.click();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByRole('status').filter({ hasText: 'location selected successfully.' })).toBeVisible();
    const form = page.getByRole('main');
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('Drottninggatan 12');
    await expect(form.getByLabel('City')).toHaveValue('Stockholm');
    await expect(form.getByLabel('Postal Code')).toHaveValue('111 51');
    await expect(form.getByLabel('Country')).toHaveValue('Sverige');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('deliveryLocation') ?? 'null'));
    expect(stored).toEqual({
      lat: ONE_PLACE.lat,
      lng: ONE_PLACE.lng,
      address: ONE_PLACE.formatted_address,
      name: ONE_PLACE.name,
      vicinity: ONE_PLACE.vicinity,
      googleAddressId: ONE_PLACE.place_id,
    });
  });
});

test('without a position the map stays on its default centre and zoom', async ({ page, context }) => {
  // No geolocation permission: the browser refuses, and the map keeps the spec's point.
  await openMap(page, context);
  await expect.poll(async () => (await mapState(page)).marker).toEqual({ lat: 45.516, lng: -73.56 });
  expect(await mapState(page)).toEqual({
    center: { lat: 45.516, lng: -73.56 },
    zoom: 15,
    marker: { lat: 45.516, lng: -73.56 },
  });
});

test('a browser without geolocation is told so', async ({ page, context }) => {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => undefined, configurable: true });
  });
  await openMap(page, context);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Geolocation is not supported by this browser.');
});
