/**
 * Where stored images live, behind one small interface: a local folder (the default) or
 * S3-compatible object storage (`S3_*` set; lib/s3-image-storage.ts). Keys are flat file names
 * (`<uuid>.webp`, `<uuid>.w320.webp`), the part of the `/uploads/<name>` path after the prefix;
 * callers check them against the naming rule before they get here.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file, ready to stream. */
export interface StoredImage {
  body: Readable;
  /** Bytes, when known (sent as Content-Length). */
  size: number | undefined;
}

export interface ImageStorage {
  /** 'local' or 's3': which backend, for logs and tests. */
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) a file. */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's content, or null when there is none. */
  get(name: string): Promise<StoredImage | null>;
  /** The whole file in memory, or null (for making a smaller copy of it). */
  read(name: string): Promise<Buffer | null>;
  /** Whether the file exists. */
  has(name: string): Promise<boolean>;
  /** Where browsers may fetch the file directly (a public bucket), or undefined: through the app. */
  publicUrlOf(name: string): string | undefined;
}

/** A file name is one path segment of safe characters: nothing can climb out of the folder or bucket. */
export const STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

function assertName(name: string): void {
  if (!STORED_NAME.test(name)) throw new Error(`Not a stored image name: ${JSON.stringify(name)}`);
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** The local folder (DATA_DIR/uploads). Writes go through a temporary file, so no reader sees half a file. */
export function localImageStorage(dir: string): ImageStorage {
  const pathOf = (name: string) => {
    assertName(name);
    return join(dir, name);
  };
  return {
    kind: 'local',
    async put(name, data) {
      const path = pathOf(name);
      await mkdir(dir, { recursive: true });
      const temporary = join(dir, `.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, data);
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
    },
    async get(name) {
      const path = pathOf(name);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(name) {
      const path = pathOf(name);
      try {
        return await readFile(path);
      } catch (error) {
        if (isMissing(error) || (error as { code?: string }).code === 'EISDIR') return null;
        throw error;
      }
    },
    async has(name) {
      try {
        return (await stat(pathOf(name))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    publicUrlOf: () => undefined,
  };
}
