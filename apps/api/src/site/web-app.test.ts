/** Serving the built web app and uploads: compressed copies and cache lifetimes. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { withLanguage, withoutDefaultHead } from './web-app';

const script = `console.log(${JSON.stringify('Torget '.repeat(300))});`;
const webDist = mkdtempSync(join(tmpdir(), 'torget-web-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, 'assets/index-abc123.js'), script);
  writeFileSync(join(webDist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(webDist, 'assets/index-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ webDist });
  writeFileSync(join(t.config.uploadsDir, 'picture.webp'), Buffer.from('RIFF0000WEBPVP8 '));
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web app', () => {
  it('sends the Brotli or gzip copy of a hashed script, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches files without a hash for an hour, and index.html not at all', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const page = await get('/search/name/lamp');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('writes the language chosen in the torget_lang cookie into <html lang>', async () => {
    // This index.html has no lang: the default leaves it as built (the real one says lang="en").
    expect((await get('/')).body).toMatch(/<html>/);
    expect((await get('/product/1', { cookie: 'a=b; torget_lang=sv' })).body).toMatch(/<html lang="sv">/);
    expect((await get('/', { cookie: 'torget_lang=xx' })).body).toMatch(/<html>/);
    expect((await get('/', { cookie: 'torget_lang=en' })).body).toMatch(/<html>/);
    expect((await get('/')).headers.vary).toMatch(/cookie/i);
  });

  it("serves a first visit in the browser's language: Svenska for Accept-Language sv", async () => {
    expect((await get('/', { 'accept-language': 'sv-SE' })).body).toMatch(/<html lang="sv">/);
    expect((await get('/', { 'accept-language': 'sv-FI,fi;q=0.9' })).body).toMatch(/<html lang="sv">/);
    expect((await get('/search/name/lamp', { 'accept-language': 'de-DE, sv;q=0.8' })).body).toMatch(/<html lang="sv">/);
    expect((await get('/', { 'accept-language': 'en-US,en;q=0.9' })).body).toMatch(/<html>/);
    expect((await get('/', { 'accept-language': 'de-DE' })).body).toMatch(/<html>/);
    // A choice made with the switch wins over the browser.
    expect((await get('/', { 'accept-language': 'sv-SE', cookie: 'torget_lang=en' })).body).toMatch(/<html>/);
    expect((await get('/', { 'accept-language': 'en-US', cookie: 'torget_lang=sv' })).body).toMatch(/<html lang="sv">/);
    expect((await get('/', { 'accept-language': 'sv-SE' })).headers.vary).toMatch(/accept-language/i);
  });

  it('caches uploads for a year: their names are never reused', async () => {
    const picture = await get('/uploads/picture.webp');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('withLanguage', () => {
  it('sets or replaces the lang of <html> only', () => {
    expect(withLanguage('<!doctype html><html lang="en"><body lang="x">', 'sv')).toBe(
      '<!doctype html><html lang="sv"><body lang="x">',
    );
    expect(withLanguage('<html><head>', 'sv')).toBe('<html lang="sv"><head>');
    expect(withLanguage('<html lang="sv"><head>', 'en')).toBe('<html lang="en"><head>');
    expect(withLanguage('<html><head>', 'en')).toBe('<html><head>');
  });
});

describe('withoutDefaultHead', () => {
  it('drops the default title and description only', () => {
    const html =
      '<head><meta charset="UTF-8" /><meta\n name="description"\n content="Torget" /><title>Torget</title></head>';
    expect(withoutDefaultHead(html)).toBe('<head><meta charset="UTF-8" /></head>');
  });
});
