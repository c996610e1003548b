/**
 * Stored images in S3-compatible object storage (AWS S3, or any service speaking its API through
 * `S3_ENDPOINT`), with the AWS SDK's S3 client. Every instance behind a load balancer reads and
 * writes the same bucket, so an upload on one is served by all.
 */

import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { HttpError } from '#api/lib/http-errors.ts';
import type { ImageStorage } from '#api/lib/image-storage.ts';
import { STORED_NAME } from '#api/lib/image-storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For services other than AWS (MinIO, Ceph, R2, a local test server). */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most non-AWS services). */
  forcePathStyle: boolean;
  /** A public base URL of the bucket (or a CDN before it); browsers are sent there for files. */
  publicUrl: string | undefined;
  /** Most milliseconds one call may wait for the service (S3_TIMEOUT_MS; DEFAULT_S3_TIMEOUT_MS). */
  timeoutMs?: number;
}

export const DEFAULT_S3_TIMEOUT_MS = 5000;

export const S3_UNREACHABLE = 'The image storage could not be reached. Please try again in a moment.';
export const S3_FAILED = 'The image storage answered with an error. Please try again in a moment.';

/** Upload names are never reused, so a stored file never changes: cacheable for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const isNotFound = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * The service not answering in time or not at all (503), or answering a server error (502):
 * the visitor is told to try again, and the log says why. Anything else (a refused key, say) is
 * the app's own fault and stays an error.
 */
function unavailable(error: unknown): HttpError | null {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    return status >= 500 ? new HttpError(502, S3_FAILED, { cause: error }) : null;
  }
  // Not an answer of the service: refused or reset connections, timeouts, aborts.
  return new HttpError(503, S3_UNREACHABLE, { cause: error });
}

export function s3ImageStorage(settings: S3Settings): ImageStorage & { client: S3Client } {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Without these a frozen service holds a request until the operating system gives up (minutes).
    // socketTimeout also ends a file's download that stalls after its headers came.
    requestHandler: {
      connectionTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeoutMs,
    },
  });

  /**
   * Sends one command, its retries included, within `timeoutMs` until the answer's headers; the
   * body of a file then streams for as long as data keeps coming.
   */
  async function send<T>(run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    try {
      return await run(deadline.signal);
    } finally {
      clearTimeout(timer);
    }
  }
  const keyOf = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error(`Not a stored image name: ${JSON.stringify(name)}`);
    return name;
  };
  const publicBase = settings.publicUrl?.replace(/\/+$/, '');

  async function getObject(name: string) {
    const command = new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) });
    try {
      return await send((abortSignal) => client.send(command, { abortSignal }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error) ?? error;
    }
  }

  return {
    kind: 's3',
    client,
    async put(name, data, contentType) {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: keyOf(name),
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE,
      });
      try {
        await send((abortSignal) => client.send(command, { abortSignal }));
      } catch (error) {
        throw unavailable(error) ?? error;
      }
    },
    async get(name) {
      const object = await getObject(name);
      if (!object?.Body) return null;
      // In Node the SDK's body is an http.IncomingMessage, a Readable.
      return { body: object.Body as Readable, size: object.ContentLength };
    },
    async read(name) {
      const object = await getObject(name);
      if (!object?.Body) return null;
      try {
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        throw unavailable(error) ?? error;
      }
    },
    async has(name) {
      const command = new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) });
      try {
        await send((abortSignal) => client.send(command, { abortSignal }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw unavailable(error) ?? error;
      }
    },
    publicUrlOf: (name) => (publicBase ? `${publicBase}/${keyOf(name)}` : undefined),
  };
}
