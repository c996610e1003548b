/**
 * The catalogue's answers whose types live beside their rules (rules/product-csv.ts) rather than
 * among the generated answer types: the CSV import's report and file problem are exactly what
 * the schemas give.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ProductCsvChange,
  ProductCsvFileProblem,
  ProductCsvRefusal,
  ProductCsvReport,
} from '../../rules/product-csv';
import type {
  productCsvChangeSchema,
  productCsvFileProblemSchema,
  productCsvRefusalSchema,
  productCsvReportSchema,
} from './catalog';

describe("the CSV import's answer schemas", () => {
  it('give exactly the types of rules/product-csv.ts', () => {
    expectTypeOf<z.output<typeof productCsvChangeSchema>>().toEqualTypeOf<ProductCsvChange>();
    expectTypeOf<z.output<typeof productCsvRefusalSchema>>().toEqualTypeOf<ProductCsvRefusal>();
    expectTypeOf<z.output<typeof productCsvReportSchema>>().toEqualTypeOf<ProductCsvReport>();
    expectTypeOf<z.output<typeof productCsvFileProblemSchema>>().toEqualTypeOf<ProductCsvFileProblem>();
  });
});
