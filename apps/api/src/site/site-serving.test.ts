/**
 * The site as the server serves it, through app.inject with a Host header: the JSON in
 * index.html, the redirect of a foreign storefront, and the origin of mail links.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteInfo } from '@torget/shared/rules/hosts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { registerWebApp } from './web-app';

const INDEX = '<!doctype html><html><head><title>Torget</title></head><body><div id="root"></div></body></html>';
const HOSTILE_NAME = '</script><script>alert("shop")</script><!--';
const webDist = mkdtempSync(join(tmpdir(), 'torget-site-web-'));
let t: TestApp;
let anna: string;
let other: string;

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ webDist, mainHosts: ['torget.test', 'localhost', '127.0.0.1'] });
  anna = (await createSeller(t.database.db, { seller: { domain: 'shop-anna.test', name: 'Annas Ateljé' } })).user.id;
  other = (await createSeller(t.database.db, { seller: { domain: 'elak.test', name: HOSTILE_NAME } })).user.id;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

/** The site a served page carries. */
function siteOf(html: string): SiteInfo {
  const match = /<script type="application\/json" id="torget-site">([^<]*)<\/script><\/head>/.exec(html);
  if (!match?.[1]) throw new Error(`no site in ${html}`);
  return JSON.parse(match[1]) as SiteInfo;
}

describe('index.html carries the site of its host', () => {
  it('on a main host: the marketplace, with no main-hosts meta tag any more', async () => {
    const page = await get('TORGET.test:8443', '/search/name/lampa');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(siteOf(page.body)).toEqual({ site: { kind: 'marketplace' }, host: 'torget.test', mainHost: 'torget.test' });
    expect(page.body).not.toContain('torget-main-hosts');
    expect(page.body.startsWith('<!doctype html><html><head><title>Torget</title>')).toBe(true);
    expect(page.body.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('on a seller’s domain: that shop, with the profile a visitor reads of the seller', async () => {
    const page = await get('shop-anna.test:3000', '/');
    const info = siteOf(page.body);
    const profile = (await t.app.inject({ method: 'GET', url: `/api/users/${anna}` })).json();
    expect(info).toEqual({ site: { kind: 'shop', seller: profile }, host: 'shop-anna.test', mainHost: 'torget.test' });
  });

  it('on a domain no seller owns: unknown', async () => {
    expect(siteOf((await get('ingen.test', '/')).body).site).toEqual({ kind: 'unknown' });
  });

  it('escapes a hostile shop name so it cannot close the script', async () => {
    const page = await get('elak.test', '/');
    expect(page.body).not.toContain(HOSTILE_NAME);
    // The site element, besides the shop's JSON-LD (seo/): each opened element closes once.
    expect(page.body.match(/<script type="application\/json"/g)).toHaveLength(1);
    expect(page.body.match(/<script/g)?.length).toBe(page.body.match(/<\/script>/g)?.length);
    const info = siteOf(page.body);
    expect(info.site.kind === 'shop' && info.site.seller.seller.name).toBe(HOSTILE_NAME);
  });

  it('is not cached across hosts, and asked for again on every load', async () => {
    for (const host of ['localhost', 'shop-anna.test']) {
      const page = await get(host, '/');
      expect(page.headers.vary).toMatch(/\bhost\b/i);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('a storefront on a host that is not its seller’s', () => {
  it('goes to the marketplace’s first main host with a 302, keeping scheme and port', async () => {
    const away = await get('shop-anna.test:3000', `/seller/${other}`);
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe(`http://torget.test:3000/seller/${other}`);
    expect(away.headers.vary).toMatch(/\bhost\b/i);
    const page2 = await get('shop-anna.test', `/seller/${other}/pageNumber/2`);
    expect(page2.statusCode).toBe(302);
    expect(page2.headers.location).toBe(`http://torget.test/seller/${other}`);
    const unowned = await get('ingen.test', `/seller/${anna}`);
    expect(unowned.headers.location).toBe(`http://torget.test/seller/${anna}`);
  });

  it('is served as usual on the seller’s own domain and on the marketplace', async () => {
    const own = await get('shop-anna.test', `/seller/${anna}/pageNumber/2`);
    expect(own.statusCode).toBe(200);
    expect(siteOf(own.body).site.kind).toBe('shop');
    const main = await get('localhost:3000', `/seller/${other}`);
    expect(main.statusCode).toBe(200);
    expect(siteOf(main.body).site).toEqual({ kind: 'marketplace' });
  });

  it('never takes the target host from the request, forwarded headers included', async () => {
    const away = await get('shop-anna.test', `/seller/${other}`, {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'javascript',
    });
    expect(away.headers.location).toBe(`http://torget.test/seller/${other}`);
  });
});

describe('GET /api/users/domain_seller/{hostname} asks the same lookup', () => {
  it('answers the shop’s seller id, or 0', async () => {
    const ask = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/users/domain_seller/${host}` })).body;
    expect(await ask('Shop-Anna.test.')).toBe(anna);
    expect(await ask('torget.test')).toBe('0');
    expect(await ask('ingen.test')).toBe('0');
  });
});

describe('mail links', () => {
  async function resetLinkFrom(host: string): Promise<string | undefined> {
    const email = `glomsk-${host.replace(/\W/g, '-')}@example.se`;
    await createUser(t.database.db, { email });
    await t.app.inject({ method: 'POST', url: '/api/users/forgot_password', headers: { host }, payload: { email } });
    // The mail goes out in the background.
    for (let i = 0; i < 50 && !t.mails.some((m) => m.to === email); i++) await new Promise((r) => setTimeout(r, 10));
    const mail = t.mails.find((m) => m.to === email);
    return /https?:\/\/[^/\s]+\/reset_password\//.exec(mail?.text ?? '')?.[0];
  }

  it('point at the configured public origin from a main host on any port, a seller’s domain or any other host', async () => {
    // The test app's public origin is http://torget.test (test-app.ts).
    expect(await resetLinkFrom('torget.test:8443')).toBe('http://torget.test/reset_password/');
    expect(await resetLinkFrom('localhost:31337')).toBe('http://torget.test/reset_password/');
    expect(await resetLinkFrom('shop-anna.test')).toBe('http://torget.test/reset_password/');
    expect(await resetLinkFrom('evil.example')).toBe('http://torget.test/reset_password/');
  });
});

describe('when the site cannot be resolved', () => {
  it('serves the page without a site, so the browser asks for itself', async () => {
    const app = Fastify();
    const web = await registerWebApp(app, webDist, {
      mainHosts: ['torget.test'],
      resolve: () => Promise.reject(new Error('database down')),
    });
    if (!web) throw new Error('web app not registered');
    app.get('/', (request, reply) => web.sendPage(request, reply));
    const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'shop-anna.test' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
    await app.close();
  });
});
