import type { SiteInfo } from '@torget/shared/rules/hosts';
import { describe, expect, it } from 'vitest';
import { isMarketplace, parseSiteInfo } from './hosts';

const shopInfo = {
  site: {
    kind: 'shop',
    seller: { _id: 'anna-id', name: 'Anna', email: 'anna@example.se', is_seller: true, seller: { name: '<Annas>' } },
  },
  host: 'shop-anna.test',
  mainHost: 'torget.se',
};

describe('parseSiteInfo', () => {
  it('reads the site the server wrote for this host', () => {
    const marketplace = { site: { kind: 'marketplace' }, host: 'torget.se', mainHost: 'torget.se' };
    expect(parseSiteInfo(JSON.stringify(marketplace), 'torget.se')).toEqual(marketplace);
    expect(parseSiteInfo(JSON.stringify(shopInfo), 'Shop-Anna.test')).toEqual(shopInfo);
    // The server's escaping of '<' reads back as '<'.
    const escaped = JSON.stringify(shopInfo).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');
    expect(parseSiteInfo(escaped, 'shop-anna.test')).toEqual(shopInfo);
  });

  it('ignores a site resolved for another host (a page a cache kept)', () => {
    expect(parseSiteInfo(JSON.stringify(shopInfo), 'shop-bertil.test')).toBeNull();
  });

  it('ignores a missing, broken or malformed element', () => {
    expect(parseSiteInfo(null, 'torget.se')).toBeNull();
    expect(parseSiteInfo(undefined, 'torget.se')).toBeNull();
    expect(parseSiteInfo('', 'torget.se')).toBeNull();
    expect(parseSiteInfo('{"site":', 'torget.se')).toBeNull();
    expect(parseSiteInfo('[]', 'torget.se')).toBeNull();
    const bad = (change: Record<string, unknown>) => JSON.stringify({ ...shopInfo, ...change });
    expect(parseSiteInfo(bad({ site: { kind: 'castle' } }), 'shop-anna.test')).toBeNull();
    expect(parseSiteInfo(bad({ site: { kind: 'shop' } }), 'shop-anna.test')).toBeNull();
    expect(parseSiteInfo(bad({ site: { kind: 'shop', seller: { _id: 7, seller: {} } } }), 'shop-anna.test')).toBeNull();
    expect(parseSiteInfo(bad({ site: { kind: 'shop', seller: { _id: 'x' } } }), 'shop-anna.test')).toBeNull();
    expect(parseSiteInfo(bad({ mainHost: '' }), 'shop-anna.test')).toBeNull();
    expect(parseSiteInfo(bad({ host: undefined }), 'shop-anna.test')).toBeNull();
  });
});

describe('isMarketplace', () => {
  const info = (kind: 'marketplace' | 'unknown', host: string): SiteInfo => ({
    site: { kind },
    host,
    mainHost: 'torget.se',
  });

  it('follows the site the server resolved', () => {
    expect(isMarketplace(info('marketplace', 'torget.se'), 'torget.se')).toBe(true);
    expect(isMarketplace(info('unknown', 'localhost'), 'localhost')).toBe(false);
    expect(isMarketplace(parseSiteInfo(JSON.stringify(shopInfo), 'shop-anna.test'), 'shop-anna.test')).toBe(false);
  });

  it('without a site, takes localhost and 127.0.0.1 as the marketplace and any other host as a domain', () => {
    expect(isMarketplace(null, 'localhost')).toBe(true);
    expect(isMarketplace(null, '127.0.0.1')).toBe(true);
    expect(isMarketplace(null, 'torget.se')).toBe(false);
    expect(isMarketplace(null, 'shop-anna.test')).toBe(false);
  });
});
