import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { postUpload } from '#api/test/uploads.ts';

let t: TestApp;
let sellerToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await createSeller(t.database.db, { user: { email: 'bild@example.se' } });
  await createUser(t.database.db, { email: 'kund@example.se' });
  sellerToken = (await signInAs(t.app, 'bild@example.se')).token;
  customerToken = (await signInAs(t.app, 'kund@example.se')).token;
});
afterAll(() => t.close());

const upload = (file: Buffer, filename = 'bild.png', contentType = 'image/png', token = sellerToken) =>
  postUpload(t.app, token, file, filename, contentType);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('POST /api/uploads', () => {
  it('stores an image re-encoded as WebP under a generated name and answers its path', async () => {
    const res = await upload(await png(2400, 1200), '../../etc/passwd.png');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = readFileSync(join(t.config.uploadsDir, res.body.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
    const served = await t.app.inject({ method: 'GET', url: res.body });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('accepts each listed type by its content: JPEG, PNG, WebP, GIF and AVIF', async () => {
    const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#c52' } });
    const files = {
      jpeg: await base().jpeg().toBuffer(),
      png: await base().png().toBuffer(),
      webp: await base().webp().toBuffer(),
      gif: await base().gif().toBuffer(),
      avif: await base().avif().toBuffer(),
    };
    for (const [type, file] of Object.entries(files)) {
      // A misleading name and declared type change nothing: the bytes decide.
      const res = await upload(file, 'bild.txt', 'application/octet-stream');
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      const stored = readFileSync(join(t.config.uploadsDir, res.body.replace('/uploads/', '')));
      expect(await sharp(stored).metadata(), type).toMatchObject({ format: 'webp', width: 40, height: 30 });
    }
  });

  it('strips metadata', async () => {
    const withExif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Hemlig Fotograf' } } })
      .toBuffer();
    expect(withExif.toString('latin1')).toContain('Hemlig Fotograf');
    const res = await upload(withExif, 'foto.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(join(t.config.uploadsDir, res.body.replace('/uploads/', '')));
    expect(stored.toString('latin1')).not.toContain('Hemlig Fotograf');
  });

  it('refuses files over 4 MB with 413 and the spec message', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(4 * 1024 * 1024 + 10)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Too big image. Max size: 4 MB.' });
  });

  it('refuses what is not an image by its content, whatever its name', async () => {
    const cases: [Buffer, string, string][] = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
      [(await png(20, 20)).subarray(0, 60), 'cut.png', 'image/png'],
      [Buffer.from('%PDF-1.4 fake'), 'x.png', 'image/png'],
    ];
    for (const [file, name, type] of cases) {
      const res = await upload(file, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('refuses an image claiming more than 50 megapixels', async () => {
    // A valid PNG header that claims 100000 x 100000 pixels, in under a hundred bytes.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
  });

  it('is for sellers and admins: visitors 401, customers 403', async () => {
    const visitor = await postUpload(t.app, null, await png(5, 5), 'a.png', 'image/png');
    expect(visitor.statusCode).toBe(401);
    expect((await upload(await png(5, 5), 'a.png', 'image/png', customerToken)).statusCode).toBe(403);
    expect(existsSync(t.config.uploadsDir)).toBe(true);
  });
});
