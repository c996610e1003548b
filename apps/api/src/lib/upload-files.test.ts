import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_WIDTHS, imageVariant } from '@torget/shared/rules/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '#api/test/fixtures.ts';
import { signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { postUpload } from '#api/test/uploads.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createSeller(t.database.db, { user: { email: 'bredder@example.se' } });
  token = (await signInAs(t.app, 'bredder@example.se')).token;
});
afterAll(() => t.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#a62' } })
    .webp()
    .toBuffer();

const fileOf = (path: string) => join(t.config.uploadsDir, path.replace('/uploads/', ''));
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function servedSize(url: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('image/webp');
  const meta = await sharp(res.rawPayload).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('image copies', () => {
  it('stores every upload in 320, 640 and 1280 px besides the main image, answering only its path', async () => {
    const res = await postUpload(t.app, token, await png(2400, 1200), 'bild.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(await sharp(readFileSync(fileOf(res.body))).metadata()).toMatchObject({ width: 1600, height: 800 });
    for (const width of IMAGE_WIDTHS) {
      const copy = imageVariant(res.body, width);
      expect(existsSync(fileOf(copy)), copy).toBe(true);
      expect(await servedSize(copy)).toEqual({ format: 'webp', width, height: width / 2 });
    }
  });

  it('never makes a copy wider than the original', async () => {
    const res = await postUpload(t.app, token, await png(500, 250), 'liten.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(await servedSize(imageVariant(res.body, 320))).toMatchObject({ width: 320, height: 160 });
    expect(await servedSize(imageVariant(res.body, 640))).toMatchObject({ width: 500, height: 250 });
    expect(await servedSize(imageVariant(res.body, 1280))).toMatchObject({ width: 500, height: 250 });
  });

  it('makes the copies of an older image on their first request, once', async () => {
    // An image stored before copies existed (an old upload or demo picture): the main file only.
    writeFileSync(join(t.config.uploadsDir, 'gammal-bild.webp'), await webp(1000, 800));
    const copy = imageVariant('/uploads/gammal-bild.webp', 640);
    expect(existsSync(fileOf(copy))).toBe(false);

    const burst = await Promise.all(Array.from({ length: 8 }, () => get(copy)));
    for (const res of burst) expect(res.statusCode).toBe(200);
    expect(await servedSize(copy)).toEqual({ format: 'webp', width: 640, height: 512 });
    expect(existsSync(fileOf(copy))).toBe(true);
    // Only the asked width was made, and no temporary file is left behind.
    expect(
      readdirSync(t.config.uploadsDir)
        .filter((name) => name.startsWith('gammal-bild'))
        .sort(),
    ).toEqual(['gammal-bild.w640.webp', 'gammal-bild.webp']);
    expect(readdirSync(t.config.uploadsDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('makes nothing for a width that is not kept, a missing original, or a path outside the folder', async () => {
    writeFileSync(join(t.config.uploadsDir, 'orort.webp'), await webp(900, 900));
    const before = readdirSync(t.config.uploadsDir).length;
    for (const url of [
      '/uploads/orort.w300.webp',
      '/uploads/orort.w2000.webp',
      '/uploads/orort.w0640.webp',
      '/uploads/orort.w320.w320.webp',
      '/uploads/saknas.w320.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd.w320.webp',
      '/uploads/..%2Forort.w320.webp',
      '/uploads/%2E%2E.w320.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('root:');
    }
    expect(readdirSync(t.config.uploadsDir).length).toBe(before);
  });

  it('refuses a copy of something that is not a decodable image, without storing anything', async () => {
    writeFileSync(join(t.config.uploadsDir, 'trasig.webp'), Buffer.from('RIFF0000WEBPVP8 not really'));
    expect((await get('/uploads/trasig.w320.webp')).statusCode).toBe(404);
    expect(existsSync(join(t.config.uploadsDir, 'trasig.w320.webp'))).toBe(false);
  });

  it('caches files for a year (names are never reused), also HEAD', async () => {
    writeFileSync(join(t.config.uploadsDir, 'cache.webp'), await webp(400, 400));
    for (const url of ['/uploads/cache.webp', '/uploads/cache.w320.webp']) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe('image/webp');
    }
  });
});
