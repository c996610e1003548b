import { describe, expect, it } from 'vitest';
import { canonicalMainHost, DOMAIN_PATTERN, isMainHost, listMainHosts, normaliseHost } from './hosts';

describe('normaliseHost', () => {
  it('lower-cases, trims and drops the port and the trailing dot', () => {
    expect(normaliseHost(' Shop.Example.SE ')).toBe('shop.example.se');
    expect(normaliseHost('localhost:3000')).toBe('localhost');
    expect(normaliseHost('torget.se.')).toBe('torget.se');
    expect(normaliseHost('Torget.SE.:8443')).toBe('torget.se');
  });

  it('keeps IPv6 literals whole', () => {
    expect(normaliseHost('[::1]:3000')).toBe('[::1]');
    expect(normaliseHost('[::1]')).toBe('[::1]');
    expect(normaliseHost('::1')).toBe('::1');
  });
});

describe('main hosts', () => {
  it('lists the configured hosts first, then localhost and 127.0.0.1, once each', () => {
    expect(listMainHosts([' Torget.se', 'www.torget.se', '', 'localhost'])).toEqual([
      'torget.se',
      'www.torget.se',
      'localhost',
      '127.0.0.1',
    ]);
    expect(listMainHosts([])).toEqual(['localhost', '127.0.0.1']);
  });

  it('matches a host in any case and with a port, and nothing that only contains a main host', () => {
    const main = listMainHosts(['torget.se']);
    expect(isMainHost('TORGET.se:443', main)).toBe(true);
    expect(isMainHost('127.0.0.1:3000', main)).toBe(true);
    expect(isMainHost('torget.se.evil.example', main)).toBe(false);
    expect(isMainHost('shop-anna.test', main)).toBe(false);
    expect(isMainHost('', main)).toBe(false);
  });

  it('takes the first main host as the canonical one', () => {
    expect(canonicalMainHost(listMainHosts(['www.torget.se', 'torget.se']))).toBe('www.torget.se');
    expect(canonicalMainHost(listMainHosts([]))).toBe('localhost');
    expect(canonicalMainHost([])).toBe('localhost');
  });
});

describe('DOMAIN_PATTERN', () => {
  it('takes host names and refuses addresses, ports and paths', () => {
    expect(DOMAIN_PATTERN.test('butik.example.se')).toBe(true);
    expect(DOMAIN_PATTERN.test('shop-anna.test')).toBe(true);
    expect(DOMAIN_PATTERN.test('localhost')).toBe(false);
    expect(DOMAIN_PATTERN.test('10.0.0.5')).toBe(false);
    expect(DOMAIN_PATTERN.test('shop.example.se:80')).toBe(false);
    expect(DOMAIN_PATTERN.test('shop.example.se/x')).toBe(false);
    expect(DOMAIN_PATTERN.test('-shop.example.se')).toBe(false);
  });
});
