import { describe, expect, it } from 'vitest';
import { mailLinkOrigin, orderLinkOrigin } from './mail-link-origin';

describe('mailLinkOrigin', () => {
  it('is the configured public origin, never a part of the request', () => {
    expect(mailLinkOrigin({ publicUrl: 'https://torget.se' })).toBe('https://torget.se');
    expect(mailLinkOrigin({ publicUrl: 'http://localhost:5173' })).toBe('http://localhost:5173');
  });
});

describe('orderLinkOrigin', () => {
  it('is the shop’s stored domain with the public origin’s scheme and port, else the public origin', () => {
    expect(orderLinkOrigin({ publicUrl: 'https://torget.se' }, 'butik.example.se')).toBe('https://butik.example.se');
    expect(orderLinkOrigin({ publicUrl: 'http://localhost:5173' }, 'shop-anna.test')).toBe(
      'http://shop-anna.test:5173',
    );
    expect(orderLinkOrigin({ publicUrl: 'https://torget.se' }, null)).toBe('https://torget.se');
  });
});
