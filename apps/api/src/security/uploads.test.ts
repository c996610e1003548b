/**
 * Hostile uploads beyond modules/uploads/uploads.routes.test.ts (which covers a script SVG, HTML
 * named .png, a truncated PNG and a PNG claiming 10^10 pixels): polyglots that are valid images
 * and carry a script are re-encoded so the script is gone; an SVG with an XML prolog, a cut JPEG
 * and a real, decodable decompression bomb are refused; served uploads cannot be sniffed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
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
  await createSeller(t.database.db, { user: { email: 'uppladdare@example.se' } });
  token = (await signInAs(t.app, 'uppladdare@example.se')).token;
});
afterAll(() => t.close());

const upload = (file: Buffer, filename: string, contentType: string) =>
  postUpload(t.app, token, file, filename, contentType);

const stored = (path: string) => readFileSync(join(t.config.uploadsDir, path.replace('/uploads/', '')));

const SCRIPT = '<html><body><script>alert(document.cookie)</script><img src=x onerror=alert(1)></body></html>';
const image = (format: 'gif' | 'jpeg' | 'png') =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

describe('polyglots', () => {
  it('re-encodes a real image carrying a script, so what is stored and served holds no script', async () => {
    const png = await image('png');
    const pngWithText = Buffer.concat([
      png.subarray(0, 33), // signature and IHDR
      pngChunk('tEXt', Buffer.from(`Comment\u0000${SCRIPT}`, 'latin1')),
      png.subarray(33),
    ]);
    const cases: [Buffer, string, string][] = [
      [Buffer.concat([await image('gif'), Buffer.from(SCRIPT)]), 'poly.gif', 'image/gif'],
      [Buffer.concat([await image('jpeg'), Buffer.from(SCRIPT)]), 'poly.jpg', 'image/jpeg'],
      [Buffer.concat([await image('jpeg'), Buffer.from(SCRIPT)]), 'poly.html', 'text/html'],
      [pngWithText, 'text-chunk.png', 'image/png'],
    ];
    for (const [file, name, type] of cases) {
      expect(file.toString('latin1')).toContain('<script>');
      const res = await upload(file, name, type);
      expect(res.statusCode, name).toBe(200);
      expect(res.body).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const kept = stored(res.body);
      expect((await sharp(kept).metadata()).format).toBe('webp');
      expect(kept.toString('latin1'), name).not.toMatch(/<script|onerror|alert\(/i);
    }
  });

  it('refuses a GIF header followed by JavaScript (a GIF/JS polyglot that is no image)', async () => {
    const gifJs = Buffer.from('GIF89a/*\u0000\u0000\u0000\u0000*/=0;alert(document.domain);//', 'latin1');
    const res = await upload(gifJs, 'poly.gif', 'image/gif');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/alert/);
  });
});

describe('what is not a usable image', () => {
  it('refuses an SVG with an XML prolog and a cut JPEG', async () => {
    const svg = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
    );
    expect((await upload(svg, 'logo.svg', 'image/svg+xml')).statusCode).toBe(400);
    expect((await upload(svg, 'logo.png', 'image/png')).statusCode).toBe(400);
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg.subarray(0, Math.floor(jpeg.length / 3)), 'cut.jpg', 'image/jpeg')).statusCode).toBe(400);
  });

  it('refuses a decodable decompression bomb: a small PNG of more than 50 megapixels', async () => {
    const side = 7_100; // 50.4 megapixels of one grey byte each, deflated to a few dozen kB
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(side, 0);
    ihdr.writeUInt32BE(side, 4);
    ihdr.set([8, 0, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', deflateSync(Buffer.alloc((side + 1) * side), { level: 9 })),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(400);
  });
});

describe('serving uploads', () => {
  it('serves the stored WebP as image/webp with nosniff, and nothing outside the uploads folder', async () => {
    const res = await upload(await image('png'), 'bild.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.body });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(served.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    for (const url of ['/uploads/../../../../etc/passwd', '/uploads/..%2F..%2F..%2Fetc%2Fpasswd', '/uploads/']) {
      const outside = await t.app.inject({ method: 'GET', url });
      expect(outside.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(outside.body).not.toContain('root:');
    }
  });
});
