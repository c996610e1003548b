import { describe, expect, it } from 'vitest';
import { mailLinkOrigin } from './mail-link-origin';

const mainHosts = ['torget.se', 'localhost', '127.0.0.1'];
const request = (protocol: string, host: string) => ({ protocol, host });

describe('mailLinkOrigin', () => {
  it('keeps a main host, its port and an http(s) scheme', () => {
    expect(mailLinkOrigin(request('https', 'torget.se'), mainHosts)).toBe('https://torget.se');
    expect(mailLinkOrigin(request('http', 'localhost:3000'), mainHosts)).toBe('http://localhost:3000');
    expect(mailLinkOrigin(request('http', 'TORGET.SE'), mainHosts)).toBe('http://torget.se');
  });

  it('sends every other host to the first main host over https', () => {
    expect(mailLinkOrigin(request('http', 'evil.example'), mainHosts)).toBe('https://torget.se');
    expect(mailLinkOrigin(request('https', 'torget.se.evil.example:443'), mainHosts)).toBe('https://torget.se');
    expect(mailLinkOrigin(request('https', 'shop-anna.test'), mainHosts)).toBe('https://torget.se');
  });

  it('never takes a scheme other than http or https', () => {
    expect(mailLinkOrigin(request('javascript', 'torget.se'), mainHosts)).toBe('https://torget.se');
    expect(mailLinkOrigin(request('https://evil.example/#', 'localhost'), mainHosts)).toBe('https://localhost');
  });
});
