/** The seller's CSV file through the API, for the product CSV tests: export, import, rows. */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import type { Session } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from './sessions.ts';
import type { TestApp } from './test-app.ts';
import { multipart } from './uploads.ts';

/** GET /api/products/mine.csv as `who`: the file's text (answered 200 as CSV, or the test fails). */
export async function exportCsv(t: TestApp, who: Session): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/products/mine.csv', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body;
}

/** POST /api/products/import (with `?dry_run=1` when `dryRun`) of `file` as `who`. */
export function importCsv(t: TestApp, who: Session, file: string | Buffer, dryRun: boolean) {
  const body = multipart(Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'), 'products.csv', 'text/csv', 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/products/import${dryRun ? '?dry_run=1' : ''}`,
    headers: { ...body.headers, ...bearer(who.token) },
    payload: body.payload,
  });
}

/** The rows of a file as Excel in Swedish writes it (semicolons, a BOM). */
export const rowsOf = (csv: string): string[][] => parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';' });

/** A file of `rows` as Excel in Swedish writes it. */
export const csvOf = (rows: string[][]): string =>
  stringify(rows, { bom: true, delimiter: ';', record_delimiter: 'windows' });
