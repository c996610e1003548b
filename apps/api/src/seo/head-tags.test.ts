/** The <head> tags of a described page: every text escaped, JSON-LD that cannot close its element. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, headTags, shortText } from './head-tags';

const HOSTILE = `</script><script>alert(1)</script>"' onload="x" <!--`;

describe('headTags', () => {
  const tags = headTags({
    title: HOSTILE,
    description: HOSTILE,
    canonical: 'https://torget.test/product/1?a=1&b="2"',
    image: 'https://torget.test/uploads/a.webp',
    ogType: 'product',
    siteName: 'Torget',
    jsonLd: [{ '@type': 'Product', name: HOSTILE }],
  });

  it('escapes texts in elements and attributes', () => {
    expect(tags).toContain(`<title>${escapeHtml(HOSTILE)}</title>`);
    expect(tags).toContain('href="https://torget.test/product/1?a=1&amp;b=&quot;2&quot;"');
    expect(tags).not.toContain(HOSTILE);
    expect(tags).not.toContain('alert(1)</script>');
    expect(tags).not.toContain('<!--');
  });

  it('writes JSON-LD whose only closing tag is its own, and reads back unchanged', () => {
    expect(tags.match(/<script/g)).toHaveLength(1);
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(tags)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ '@type': 'Product', name: HOSTILE });
  });

  it('says summary_large_image only with a picture', () => {
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    const noImage = headTags({
      title: 't',
      description: 'd',
      canonical: 'c',
      ogType: 'website',
      siteName: 's',
      jsonLd: [],
    });
    expect(noImage).toContain('<meta name="twitter:card" content="summary">');
    expect(noImage).not.toContain('og:image');
  });
});

describe('shortText', () => {
  it('cuts a long description to one line within the limit', () => {
    const text = shortText(`a  b\n${'x'.repeat(300)}`);
    expect(text.length).toBe(160);
    expect(text.startsWith('a b x')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });

  it('reads rich text as plain text', () => {
    expect(shortText('<p>Mjuk <strong>merinoull</strong> &amp; bomull</p><ul><li>Tvätt 30&#39;</li></ul>')).toBe(
      "Mjuk merinoull & bomull Tvätt 30'",
    );
  });
});
