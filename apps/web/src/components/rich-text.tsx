import { useMemo } from 'react';
import { sanitizeForDisplay } from '#web/lib/sanitize-html.ts';
import './rich-text.css';

interface RichTextProps {
  /** HTML written by an admin or a seller; the server sanitised it on save. */
  html: string;
  className?: string;
  /** The text's language: Swedish unless told (shop descriptions and site texts are written in it). */
  lang?: string;
}

/**
 * HTML from the site texts or a shop description, sanitised again before it is rendered (spec
 * section 5; lib/sanitize-html.ts). DOMPurify is only ever loaded with the pages that show such text, never with the first bundle.
 */
export function RichText({ html, className, lang = 'sv' }: RichTextProps) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
