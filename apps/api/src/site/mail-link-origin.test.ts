import { describe, expect, it } from 'vitest';
import { isLocalHost, mailLinkOrigin, orderLinkOrigin } from './mail-link-origin';

describe('mailLinkOrigin', () => {
  it('is the configured public origin, never a part of the request', () => {
    expect(mailLinkOrigin({ publicUrl: 'https://torget.se' })).toBe('https://torget.se');
    expect(mailLinkOrigin({ publicUrl: 'http://localhost:5173' })).toBe('http://localhost:5173');
    expect(mailLinkOrigin({ publicUrl: 'http://127.0.0.1:3100' })).toBe('http://127.0.0.1:3100');
  });

  it('is https for a public host even when PUBLIC_URL says http, without the http port', () => {
    expect(mailLinkOrigin({ publicUrl: 'http://torget.se' })).toBe('https://torget.se');
    expect(mailLinkOrigin({ publicUrl: 'http://torget.se:8080' })).toBe('https://torget.se');
    expect(mailLinkOrigin({ publicUrl: 'https://torget.se:8443' })).toBe('https://torget.se:8443');
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

  it('is https on a public shop domain, even beside a marketplace served over http on a local host', () => {
    expect(orderLinkOrigin({ publicUrl: 'http://localhost:5173' }, 'butik.example.se')).toBe(
      'https://butik.example.se',
    );
    expect(orderLinkOrigin({ publicUrl: 'http://torget.se' }, 'shop-anna.test')).toBe('https://shop-anna.test');
  });
});

describe('isLocalHost', () => {
  it('knows loopback and the reserved local names, and nothing public', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'shop.localhost',
      'shop-anna.test',
      '127.0.0.1',
      '127.1.2.3',
      '[::1]',
    ]) {
      expect(isLocalHost(host), host).toBe(true);
    }
    for (const host of ['torget.se', 'localhost.se', 'test', 'attest.se', '10.0.0.1', '128.0.0.1']) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });
});
