import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

// What the rich-text editor writes (components/rich-text-editor.tsx, TipTap's StarterKit with
// headings 2–4 and links), as it serialises each kind of formatting.
const EDITOR_HTML = [
  '<h2>Om Torget</h2>',
  '<h3>Vilka vi är</h3>',
  '<p>Vi är <strong>ett torg</strong> för <em>små</em> <u>butiker</u>, <s>inte</s> kedjor.<br>Ny rad.</p>',
  '<ul><li><p>Hantverk</p></li><li><p>Second hand</p></li></ul>',
  '<ol><li><p>Välj</p></li><li><p>Betala</p></li></ol>',
  '<blockquote><p>Handla lokalt.</p></blockquote>',
  '<hr>',
].join('');

describe('sanitizeRichText (site texts and shop descriptions, on the way in)', () => {
  it('keeps every formatting the editor writes (void tags written self-closed)', () => {
    expect(sanitizeRichText(EDITOR_HTML)).toBe(EDITOR_HTML.replace('<br>', '<br />').replace('<hr>', '<hr />'));
  });

  it('keeps a link, without the target the editor adds, and with rel written by the server', () => {
    const html = '<p><a target="_blank" rel="noopener" href="https://torget.se/om">Läs mer</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<p><a rel="noopener noreferrer nofollow" href="https://torget.se/om">Läs mer</a></p>',
    );
    expect(sanitizeRichText('<a href="mailto:hej@torget.se">Mejla</a>')).toContain('href="mailto:hej@torget.se"');
  });

  it('removes scripts, event handlers and styles, keeping the text around them', () => {
    const clean = sanitizeRichText(
      '<p onclick="steal()">Hej<script>alert(1)</script> <span style="color:red" onmouseover="x()">där</span></p>',
    );
    expect(clean).toBe('<p>Hej <span>där</span></p>');
  });

  it('removes images, frames, forms and their event handlers entirely', () => {
    const clean = sanitizeRichText(
      '<p>A</p><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe><form action="/x"><input name="p"></form><svg onload="alert(3)"></svg>',
    );
    expect(clean).toBe('<p>A</p>');
  });

  it('drops a link address of a scheme that runs code or is not allowed', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
    ]) {
      const clean = sanitizeRichText(`<a href="${href}">x</a>`);
      expect(clean, href).not.toMatch(/href=/);
      expect(clean, href).toContain('>x</a>');
    }
  });

  it('removes attributes it does not know, even on allowed tags', () => {
    expect(sanitizeRichText('<h2 id="x" class="big" data-x="1">Rubrik</h2>')).toBe('<h2>Rubrik</h2>');
  });

  it('leaves plain text as it is and escapes what looks like markup in text', () => {
    expect(sanitizeRichText('Bara text')).toBe('Bara text');
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; 3</p>')).toBe('<p>1 &lt; 2 &amp; 3</p>');
  });
});
