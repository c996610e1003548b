import DOMPurify from 'dompurify';

/**
 * HTML from the site texts or a shop description, sanitised again before it is rendered (spec
 * section 5), whatever the server kept: only DOMPurify's HTML profile survives (no script, no
 * event handler, no `javascript:` address, no SVG or MathML).
 */
export function sanitizeForDisplay(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
