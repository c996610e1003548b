/**
 * /api/products/mine.csv and /api/products/import, for sellers: their own products as a CSV file,
 * and a CSV file of products created or changed (a dry run first: `?dry_run=1`). Only the
 * token's seller's products are read or matched: another seller's product number is unknown.
 */
import fastifyMultipart from '@fastify/multipart';
import { MAX_PRODUCT_CSV_BYTES, type ProductCsvFileProblem } from '@torget/shared/rules/product-csv';
import { z } from 'zod';
import { dbFor, declareChanges, productChangeTags } from '#api/lib/cache-changes.ts';
import { badRequest } from '#api/lib/http-errors.ts';
import { CsvFileProblem } from '#api/modules/product-csv/csv-file.ts';
import { exportProductsCsv } from '#api/modules/product-csv/product-csv-export.service.ts';
import { importProductsCsv } from '#api/modules/product-csv/product-csv-import.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

const importQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() });

const TOO_BIG: ProductCsvFileProblem = {
  message: 'The file is too large: it must be under 10 MB.',
  problems: [],
};

export const productCsvRoutes: RoutePlugin = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PRODUCT_CSV_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get('/mine.csv', async (request, reply) => {
    const csv = await exportProductsCsv(dbFor(request), userOf(request).id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="torget-products.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post('/import', { schema: { querystring: importQuery } }, async (request, reply) => {
    const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
    // A dry run and a refused file write nothing; an applied one declares its products below.
    declareChanges(request, []);
    if (!request.isMultipart() || !/;\s*boundary=/i.test(request.headers['content-type'] ?? '')) {
      throw badRequest('Send the CSV file as multipart/form-data in the field "file".');
    }
    let bytes: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !bytes) {
        bytes = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
          throw error;
        });
        if (!bytes) return reply.status(400).send(TOO_BIG);
      } else if (part.type === 'file') {
        part.file.resume();
      }
    }
    if (!bytes) throw badRequest('Choose a CSV file to import (field "file").');
    try {
      const db = dbFor(request);
      const { report, touched } = await importProductsCsv(db, userOf(request), bytes, dryRun);
      if (report.applied) {
        const sellerId = userOf(request).id;
        declareChanges(request, productChangeTags(touched.map((p) => ({ ...p, sellerId }))));
      }
      return reply.status(!dryRun && !report.applied ? 422 : 200).send(report);
    } catch (error) {
      if (error instanceof CsvFileProblem) {
        const problem: ProductCsvFileProblem = { message: error.message, problems: error.problems };
        return reply.status(400).send(problem);
      }
      throw error;
    }
  });
};
