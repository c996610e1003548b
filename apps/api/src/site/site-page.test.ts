/** The JSON written into index.html, and which storefront paths leave a foreign host. */
import type { PublicSeller } from '@torget/shared/api-types.generated';
import type { Site } from '@torget/shared/rules/hosts';
import { describe, expect, it } from 'vitest';
import { foreignStorefrontId, mainHostPath, productBelongsOnMainHost, siteScript } from './site-page';

const shop = (id: string, name: string): Site => ({
  kind: 'shop',
  // Only the fields these rules read matter here; the whole profile is covered by resolve-site.test.ts.
  seller: { _id: id, name, email: '', is_seller: true, seller: { name } } as unknown as PublicSeller,
});

/** The JSON text between the element's tags, as the browser's parser would cut it. */
function scriptText(html: string): string {
  const start = html.indexOf('>') + 1;
  return html.slice(start, html.indexOf('</script>', start));
}

describe('siteScript', () => {
  it('writes the site as JSON that reads back unchanged', () => {
    const info = { site: { kind: 'marketplace' } as const, host: 'torget.se', mainHost: 'torget.se' };
    const html = siteScript(info);
    expect(html.startsWith('<script type="application/json" id="torget-site">')).toBe(true);
    expect(JSON.parse(scriptText(html))).toEqual(info);
  });

  it('never lets a shop name close the element or open a comment', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028 </SCRIPT >';
    const info = { site: shop('s1', hostile), host: 'shop.example.se', mainHost: 'torget.se' };
    const html = siteScript(info);
    // One element: the only closing tag is the element's own, and no '<' is left inside.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(scriptText(html)).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(scriptText(html))).toEqual(info);
  });
});

describe('foreignStorefrontId', () => {
  const anna = shop('anna-id', 'Annas Ateljé');

  it('sends another seller’s storefront, any page of it, to the marketplace', () => {
    expect(foreignStorefrontId('/seller/other-id', anna)).toBe('other-id');
    expect(foreignStorefrontId('/seller/other-id/', anna)).toBe('other-id');
    expect(foreignStorefrontId('/seller/other-id/pageNumber/3', anna)).toBe('other-id');
    expect(foreignStorefrontId('/seller/a%20b', anna)).toBe('a b');
  });

  it('keeps the seller’s own storefront, other pages, and everything on the marketplace', () => {
    expect(foreignStorefrontId('/seller/anna-id', anna)).toBeNull();
    expect(foreignStorefrontId('/seller/anna-id/pageNumber/2', anna)).toBeNull();
    expect(foreignStorefrontId('/', anna)).toBeNull();
    expect(foreignStorefrontId('/seller_profile', anna)).toBeNull();
    expect(foreignStorefrontId('/product/x', anna)).toBeNull();
    expect(foreignStorefrontId('/seller/other-id', { kind: 'marketplace' })).toBeNull();
    expect(foreignStorefrontId('/seller/%E0%A4%A', anna)).toBeNull();
  });

  it('sends every storefront on a domain no seller owns to the marketplace', () => {
    expect(foreignStorefrontId('/seller/anna-id', { kind: 'unknown' })).toBe('anna-id');
  });
});

describe('mainHostPath', () => {
  const anna = shop('anna-id', 'Annas Ateljé');

  it('sends admin screens, with their query, and foreign storefronts to the marketplace', () => {
    expect(mainHostPath('/admin_menu', anna)).toBe('/admin_menu');
    expect(mainHostPath('/productlist/pageNumber/2?x=1', anna)).toBe('/productlist/pageNumber/2?x=1');
    expect(mainHostPath('/user/u1/edit', { kind: 'unknown' })).toBe('/user/u1/edit');
    expect(mainHostPath('/seller/other-id/pageNumber/2?y', anna)).toBe('/seller/other-id');
  });

  it('keeps the shop’s own pages, the seller’s screens, and everything on the marketplace', () => {
    for (const url of ['/', '/cart', '/product/p1', '/productlist/seller', '/seller/anna-id', '/signin?redirect=/x']) {
      expect(mainHostPath(url, anna), url).toBeNull();
    }
    expect(mainHostPath('/admin_menu', { kind: 'marketplace' })).toBeNull();
  });
});

describe('productBelongsOnMainHost', () => {
  it('keeps the shop’s own products on its domain and every product on the marketplace', () => {
    const anna = shop('anna-id', 'Annas Ateljé');
    expect(productBelongsOnMainHost(anna, 'anna-id')).toBe(false);
    expect(productBelongsOnMainHost(anna, 'other-id')).toBe(true);
    expect(productBelongsOnMainHost({ kind: 'unknown' }, 'anna-id')).toBe(true);
    expect(productBelongsOnMainHost({ kind: 'marketplace' }, 'other-id')).toBe(false);
  });
});
