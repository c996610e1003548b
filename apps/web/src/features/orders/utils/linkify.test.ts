import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes http and https addresses links, leaving the rest as text', () => {
    expect(linkify('Se https://example.se/lampa. Tack!')).toEqual([
      { kind: 'text', text: 'Se ' },
      { kind: 'link', text: 'https://example.se/lampa', href: 'https://example.se/lampa' },
      { kind: 'text', text: '. Tack!' },
    ]);
  });

  it('never links another scheme, and keeps markup as plain text', () => {
    expect(linkify('javascript:alert(1) <b>hej</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>hej</b>' },
    ]);
    expect(linkify('')).toEqual([]);
  });
});
