/**
 * A local S3 API server (s3rver) on a free port with a temporary folder, for tests of the object
 * storage. The app talks to it with the AWS SDK exactly as it talks to a real bucket. Beside it,
 * services in trouble: a frozen one, one answering errors, and a stopped one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '#api/lib/s3-image-storage.ts';

export interface TestS3 {
  /** Settings as loadConfig would make them from S3_* pointing at this server. */
  settings: S3Settings;
  close(): Promise<void>;
}

/** s3rver accepts only its own fixed key pair. */
const KEY = 'S3RVER';

export async function startTestS3(bucket = 'torget-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'torget-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      region: 'eu-north-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: KEY,
      secretAccessKey: KEY,
      forcePathStyle: true,
      publicUrl: undefined,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A service that is not there, or not answering: the S3 settings point at it. */
export interface FailingService {
  endpoint: string;
  close(): Promise<void>;
}

/** A TCP server that accepts every connection and never answers a byte: a frozen service. */
export async function startFrozenServer(): Promise<FailingService> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // the client hanging up is expected
  });
  const port = await listenOnFreePort(server);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An HTTP server that answers every request 500 with an S3 error body: a failing service. */
export async function startFailingS3(): Promise<FailingService> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(500, { 'content-type': 'application/xml' });
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>broken</Message></Error>',
    );
  });
  const port = await listenOnFreePort(server);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address of a port nothing listens on (taken and let go at once): a stopped service. */
export async function stoppedServiceEndpoint(): Promise<string> {
  const server = createServer();
  const port = await listenOnFreePort(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
