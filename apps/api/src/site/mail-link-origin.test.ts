import { describe, expect, it } from 'vitest';
import { mailLinkOrigin } from './mail-link-origin';

describe('mailLinkOrigin', () => {
  it('is the configured public origin, never a part of the request', () => {
    expect(mailLinkOrigin({ publicUrl: 'https://torget.se' })).toBe('https://torget.se');
    expect(mailLinkOrigin({ publicUrl: 'http://localhost:5173' })).toBe('http://localhost:5173');
  });
});
