/**
 * Object storage in trouble: a service that accepts connections and never answers, one that is
 * stopped (nothing listening) and one answering server errors. Uploads and `/uploads/*` answer
 * 503 (or 502 for the errors) with a message within S3_TIMEOUT_MS, never hang, never 500.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_FAILED, S3_UNREACHABLE, type S3Settings } from '#api/lib/s3-image-storage.ts';
import { createSeller } from '#api/test/fixtures.ts';
import { type FailingService, startFailingS3, startFrozenServer, stoppedServiceEndpoint } from '#api/test/s3-server.ts';
import { signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { postUpload } from '#api/test/uploads.ts';

const TIMEOUT_MS = 1000;
/** The timeout and some slack for a loaded test machine. */
const WITHIN_MS = TIMEOUT_MS + 2000;

const settingsAt = (endpoint: string): S3Settings => ({
  bucket: 'torget-test',
  region: 'eu-north-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  publicUrl: undefined,
  timeoutMs: TIMEOUT_MS,
});

const png = sharp({ create: { width: 40, height: 30, channels: 3, background: '#c63' } })
  .png()
  .toBuffer();

/** The answer and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

function describeOutage(title: string, start: () => Promise<FailingService>, status: number, message: string) {
  describe(title, () => {
    let service: FailingService;
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      service = await start();
      t = await createTestApp({ s3: settingsAt(service.endpoint) });
      const email = `lager-${randomUUID()}@example.se`;
      await createSeller(t.database.db, { user: { email } });
      token = (await signInAs(t.app, email)).token;
    });
    afterAll(async () => {
      await t?.close();
      await service?.close();
    });

    it(`answers an image request ${status} with a message`, async () => {
      const { answer, ms } = await timed(() => t.app.inject({ method: 'GET', url: `/uploads/${randomUUID()}.webp` }));
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ message });
      expect(ms).toBeLessThan(WITHIN_MS);
    });

    it(`answers a narrower copy's request ${status} with a message`, async () => {
      const url = `/uploads/${randomUUID()}.w640.webp`;
      const { answer, ms } = await timed(() => t.app.inject({ method: 'GET', url }));
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ message });
      expect(ms).toBeLessThan(WITHIN_MS);
    });

    it(`answers an upload ${status} with a message`, async () => {
      const image = await png;
      const { answer, ms } = await timed(() => postUpload(t.app, token, image, 'bild.png', 'image/png'));
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ message });
      expect(ms).toBeLessThan(WITHIN_MS);
    });
  });
}

describeOutage('object storage that accepts connections and never answers', startFrozenServer, 503, S3_UNREACHABLE);

describeOutage(
  'object storage that is stopped',
  async () => ({ endpoint: await stoppedServiceEndpoint(), close: async () => {} }),
  503,
  S3_UNREACHABLE,
);

describeOutage('object storage answering server errors', startFailingS3, 502, S3_FAILED);
