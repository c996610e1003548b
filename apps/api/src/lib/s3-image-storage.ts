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
}

/** Upload names are never reused, so a stored file never changes: cacheable for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const isNotFound = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

export function s3ImageStorage(settings: S3Settings): ImageStorage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const keyOf = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error(`Not a stored image name: ${JSON.stringify(name)}`);
    return name;
  };
  const publicBase = settings.publicUrl?.replace(/\/+$/, '');

  async function getObject(name: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    client,
    async put(name, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(name),
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
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
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    publicUrlOf: (name) => (publicBase ? `${publicBase}/${keyOf(name)}` : undefined),
  };
}
