// @vitest-environment jsdom
// DOMPurify needs a DOM: jsdom stands in for the browser here.
import { describe, expect, it } from 'vitest';
import { sanitizeForDisplay } from './sanitize-html';

describe('sanitizeForDisplay (site texts and shop descriptions, when rendered)', () => {
  it('keeps the formatting the editor and the server write', () => {
    const html =
      '<h2>Om Torget</h2><p>Vi är <strong>ett torg</strong> för <em>små</em> <u>butiker</u>.</p>' +
      '<ul><li><p>Hantverk</p></li></ul><blockquote><p>Handla lokalt.</p></blockquote><hr>' +
      '<p><a href="https://torget.se/om" rel="noopener noreferrer nofollow">Läs mer</a></p>';
    expect(sanitizeForDisplay(html)).toBe(html);
  });

  it('removes scripts and every event handler, even if the server had let them through', () => {
    const clean = sanitizeForDisplay(
      '<p onclick="steal()">Hej</p><script>window.__xss=1</script><img src="x" onerror="window.__xss=2"><div onmouseover="x()">där</div>',
    );
    expect(clean).not.toMatch(/script|onerror|onclick|onmouseover|__xss/i);
    expect(clean).toContain('<p>Hej</p>');
    expect(clean).toContain('där');
  });

  it('removes a javascript: address from a link and keeps its text', () => {
    const clean = sanitizeForDisplay('<a href="javascript:alert(1)">Klicka</a>');
    expect(clean).not.toMatch(/javascript/i);
    expect(clean).toContain('Klicka');
  });

  it('removes SVG and MathML, where scripts can hide', () => {
    const clean = sanitizeForDisplay(
      '<p>A</p><svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(2)">x</mi></math>',
    );
    expect(clean).not.toMatch(/svg|math|script|javascript/i);
    expect(clean).toContain('<p>A</p>');
  });

  it('cannot be escaped by markup that changes meaning when parsed again (mutation XSS)', () => {
    const clean = sanitizeForDisplay('<noscript><p title="</noscript><img src=x onerror=alert(1)>">');
    expect(clean).not.toMatch(/onerror/i);
  });
});
