/**
 * A local S3 API server (s3rver) on a free port with a temporary folder, for tests of the object
 * storage. The app talks to it with the AWS SDK exactly as it talks to a real bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
