import { existsSync } from 'node:fs';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS, imageVariant } from '@torget/shared/rules/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ImageStorage } from '#api/lib/s3-image-storage.ts';
import { createSeller } from '#api/test/fixtures.ts';
import { startTestS3, type TestS3 } from '#api/test/s3-server.ts';
import { signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { postUpload } from '#api/test/uploads.ts';

let s3: TestS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ s3: s3.settings });
  await createSeller(t.database.db, { user: { email: 'moln@example.se' } });
  token = (await signInAs(t.app, 'moln@example.se')).token;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

/** The bucket's keys, read with the SDK as any other client of the bucket would. */
async function bucketKeys(): Promise<string[]> {
  const { client } = s3ImageStorage(s3.settings);
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

describe('uploads in S3-compatible object storage (S3_*)', () => {
  it('stores an upload and its copies in the bucket, not on disk, and serves them through the app', async () => {
    const res = await postUpload(t.app, token, await png(2000, 1000), 'moln.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const name = res.body.replace('/uploads/', '');
    const copies = IMAGE_WIDTHS.map((width) => imageVariant(res.body, width).replace('/uploads/', ''));
    expect(await bucketKeys()).toEqual(expect.arrayContaining([name, ...copies]));
    expect(existsSync(`${t.config.uploadsDir}/${name}`)).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: res.body });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    for (const width of IMAGE_WIDTHS) {
      const copy = await t.app.inject({ method: 'GET', url: imageVariant(res.body, width) });
      expect(copy.statusCode).toBe(200);
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width, height: width / 2 });
    }
  });

  it('makes a missing copy of an older object on its first request and keeps it in the bucket', async () => {
    const { client } = s3ImageStorage(s3.settings);
    const original = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#963' } })
      .webp()
      .toBuffer();
    await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'aldre.webp', Body: original }));
    expect(await bucketKeys()).not.toContain('aldre.w320.webp');

    const copy = await t.app.inject({ method: 'GET', url: '/uploads/aldre.w320.webp' });
    expect(copy.statusCode).toBe(200);
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
    expect(await bucketKeys()).toContain('aldre.w320.webp');
    expect(await bucketKeys()).not.toContain('aldre.w640.webp');
  });

  it('answers 404 for what the bucket does not hold, and makes no other widths', async () => {
    for (const url of ['/uploads/finns-inte.webp', '/uploads/finns-inte.w320.webp', '/uploads/aldre.w500.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await bucketKeys()).filter((key) => key.includes('finns-inte') || key.includes('w500'))).toEqual([]);
  });

  it('sends browsers to the public bucket URL when S3_PUBLIC_URL is set, making a missing copy first', async () => {
    const publicUrl = `${s3.settings.endpoint}/${s3.settings.bucket}`;
    const pub = await createTestApp({ s3: { ...s3.settings, publicUrl } });
    try {
      const main = await pub.app.inject({ method: 'GET', url: '/uploads/aldre.webp' });
      expect(main.statusCode).toBe(302);
      expect(main.headers.location).toBe(`${publicUrl}/aldre.webp`);
      const copy = await pub.app.inject({ method: 'GET', url: '/uploads/aldre.w640.webp' });
      expect(copy.statusCode).toBe(302);
      expect(copy.headers.location).toBe(`${publicUrl}/aldre.w640.webp`);
      expect(await bucketKeys()).toContain('aldre.w640.webp');
    } finally {
      await pub.close();
    }
  });
});
