/** Image uploads as a browser sends them: multipart/form-data with the file in field `image`. */
import type { InjectOptions } from 'fastify';
import type { App } from '#api/app.ts';

export function multipart(file: Buffer, filename: string, contentType: string, field = 'image') {
  const boundary = '----torget-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/uploads with one file, as the holder of `token` (none: a visitor). */
export function postUpload(app: App, token: string | null, file: Buffer, filename: string, contentType: string) {
  const body = multipart(file, filename, contentType);
  const options: InjectOptions = {
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
  return app.inject(options);
}
