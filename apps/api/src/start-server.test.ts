import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { products } from '#api/db/schema.ts';
import { startServer } from '#api/start-server.ts';
import { testConfig } from '#api/test/test-app.ts';

// Starting twice on one data folder is a PGlite matter: a server DATABASE_URL is not seeded here.
describe.runIf(process.env.TORGET_TEST_DB === 'pglite')('starting the server on a data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const productCount = async (server: Awaited<ReturnType<typeof startServer>>) => {
    const [row] = await server.database.db.select({ n: count() }).from(products);
    return Number(row?.n);
  };

  it('seeds the demo marketplace on the first start, serves it, and keeps it on the second start', async () => {
    const config = testConfig(dataDir, { seedDemo: true });
    const first = await startServer(config);
    let seededProducts: number | undefined;
    try {
      expect(first.seeded?.some((s) => s.role.toLowerCase().includes('admin'))).toBe(true);
      seededProducts = await productCount(first);
      expect(seededProducts).toBeGreaterThanOrEqual(40);
      const res = await fetch(`${first.url}/api/products?pageSize=1`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { products: { image: string }[] };
      const image = body.products[0]?.image ?? '';
      const imageRes = await fetch(`${first.url}${image}`);
      expect(imageRes.status).toBe(200);
      expect(imageRes.headers.get('content-type')).toBe('image/webp');
    } finally {
      await first.close();
    }

    const second = await startServer(config);
    try {
      expect(second.seeded).toBeNull();
      expect(await productCount(second)).toBe(seededProducts);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('warns on stderr when started in production without SMTP_URL (mails would go to the outbox)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const quietDir = mkdtempSync(join(tmpdir(), 'torget-start-prod-'));
    try {
      const server = await startServer(testConfig(quietDir, { nodeEnv: 'production', smtpUrl: undefined }));
      await server.close();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/NODE_ENV=production but SMTP_URL is not set/));
      warn.mockClear();
      const withSmtp = await startServer(
        testConfig(quietDir, { nodeEnv: 'production', smtpUrl: 'smtp://127.0.0.1:9' }),
      );
      await withSmtp.close();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      rmSync(quietDir, { recursive: true, force: true });
    }
  }, 60_000);
});
