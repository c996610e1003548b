import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import {
  COMPRESS_MIN_BYTES,
  type CompressedCopies,
  chosenEncoding,
  registerResponseCompression,
  sendWithCompressedCopies,
} from './response-compression';

describe('Accept-Encoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('br');
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding('gzip;q=0')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });
});

describe('compressed answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await createSeller(t.database.db);
    // Enough products for a list well over the threshold.
    for (let i = 0; i < 12; i++) await createProduct(t.database.db, user.id, { name: `Kanna ${i}`, category: 'Kök' });
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/products?category=K%C3%B6k', headers });

  it('sends a list in Brotli or gzip to a client that asks, the same JSON, and plain to one that does not', async () => {
    const plain = await list({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await list({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('makes the ETag of a compressed answer weak, and a repeat with it still gets 304', async () => {
    const plain = await list({});
    const br = await list({ 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`);
    const again = await list({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('leaves small answers as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});

describe('an answer sent again with its compressed copies', () => {
  const text = JSON.stringify({ words: 'Torget '.repeat(400) });
  let app: FastifyInstance;
  let copies: CompressedCopies;
  beforeAll(async () => {
    app = Fastify();
    // A hook before compression that replaces one route's body: the copies no longer name it.
    app.addHook('onSend', (request, _reply, payload, done) =>
      done(null, request.url === '/replaced' ? `${text} ` : payload),
    );
    registerResponseCompression(app);
    for (const url of ['/kept', '/replaced'])
      app.get(url, (_request, reply) => sendWithCompressedCopies(reply.type('application/json'), copies));
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string, encoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('makes each encoding once, keeps it beside the text and sends it again', async () => {
    copies = { body: text };
    const first = await get('/kept', 'br');
    expect(copies.br?.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(text);
    expect(copies.gzip).toBeUndefined();
    await get('/kept', 'gzip');
    expect(gunzipSync(copies.gzip ?? Buffer.alloc(0)).toString()).toBe(text);
    // What is kept is what goes out: not made again.
    copies.br = Buffer.from('kept bytes');
    expect((await get('/kept', 'br')).body).toBe('kept bytes');
  });

  it('compresses a body another hook replaced afresh, and leaves the copies alone', async () => {
    copies = { body: text, br: Buffer.from('kept bytes') };
    const answer = await get('/replaced', 'br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(`${text} `);
    expect(copies.br?.toString()).toBe('kept bytes');
  });
});
