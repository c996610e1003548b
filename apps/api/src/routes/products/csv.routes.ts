/**
 * /api/products/mine.csv and /api/products/import, for sellers: their own products as a CSV file,
 * and a CSV file of products created or changed (a dry run first: `?dry_run=1`). Only the
 * token's seller's products are read or matched: another seller's product number is unknown.
 */
import fastifyMultipart from '@fastify/multipart';
import { MAX_PRODUCT_CSV_BYTES, type ProductCsvFileProblem } from '@torget/shared/rules/product-csv';
import { productCsvFileProblemSchema, productCsvReportSchema } from '@torget/shared/schemas/answers/catalog';
import { apiErrorSchema } from '@torget/shared/schemas/answers/errors';
import { z } from 'zod';
import { dbFor, declareChanges, productChangeTags } from '#api/lib/cache-changes.ts';
import { badRequest } from '#api/lib/http-errors.ts';
import { CsvFileProblem } from '#api/modules/product-csv/csv-file.ts';
import { exportProductsCsv } from '#api/modules/product-csv/product-csv-export.service.ts';
import { importProductsCsv } from '#api/modules/product-csv/product-csv-import.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

const importQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() });

/** The export's file: the columns of rules/product-csv.ts, `;`-separated. */
const csvFile = { content: { 'text/csv': { schema: z.string() } } };

/**
 * The import's report, applied or a dry run (200) or refused row by row (422); a file that cannot
 * be read answers its problems (400), as does a request without a file, in the usual error shape.
 */
const importAnswers = {
  200: productCsvReportSchema,
  422: productCsvReportSchema,
  400: z.union([productCsvFileProblemSchema, apiErrorSchema]),
};

const TOO_BIG: ProductCsvFileProblem = {
  message: 'The file is too large: it must be under 10 MB.',
  problems: [],
};

export const productCsvRoutes: RoutePlugin = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PRODUCT_CSV_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get('/mine.csv', { schema: { response: { 200: csvFile } } }, async (request, reply) => {
    const csv = await exportProductsCsv(dbFor(request), userOf(request).id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="torget-products.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post('/import', { schema: { querystring: importQuery, response: importAnswers } }, async (request, reply) => {
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
