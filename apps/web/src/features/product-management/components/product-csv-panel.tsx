/**
 * The seller's products as CSV: "Export CSV" downloads them; "Import CSV" checks a file first (a
 * dry run: what would be created, changed and refused, with the row and the reason) and applies
 * it with one click once nothing is refused. The columns are documented here; a product with
 * variants is a row per variant, and the report names the variant of each row.
 */
import { PRODUCT_CSV_COLUMNS, type ProductCsvReport } from '@torget/shared/rules/product-csv';
import { lineName } from '@torget/shared/rules/variants';
import { type FormEvent, useId, useState } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { downloadFile } from '#web/lib/download-file.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useImportProducts } from '../api/import-products';
import '../product-csv.css';

/** What each column holds, as the screen explains it (English keys, translated). */
const COLUMN_HELP: Record<string, string> = {
  product_number: 'The product number (1001). Empty: a new product.',
  name: 'The name.',
  price: 'Price in kronor, with a decimal comma (249,50).',
  count_in_stock:
    "Count in stock, a whole number. A product with variants: their stock's sum, shown only (an import does not read it).",
  category: 'Category.',
  brand: 'Brand.',
  description: 'Description (the text of the product page).',
  shipping_price: 'Shipping price in kronor.',
  shipping_info: 'Shipping information.',
  vat_rate: 'VAT rate: 25, 12 or 6.',
  images: 'Images already among your products, separated by |. Addresses on the web are not fetched.',
  status: 'listed or draft. Shown only: an import does not read it.',
  option1_name: 'Variants: the first option, e.g. Size. Empty on a product without variants.',
  option1_value: "Variants: the variant's value of the first option, e.g. M.",
  option2_name: 'Variants: the second option, e.g. Colour, or empty.',
  option2_value: "Variants: the variant's value of the second option, e.g. Blue.",
  variant_sku:
    "Variants: the variant's SKU, unique among your products. A row with a SKU and no product number changes that variant.",
  variant_price: "Variants: the variant's own price in kronor. Empty: the product's price.",
  variant_stock: "Variants: the variant's stock, a whole number. The product's stock is their sum.",
};

function ChangeTable({ caption, rows }: { caption: string; rows: ProductCsvReport['created'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="data-table csv-report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Row')}</th>
            <th scope="col">{t('Number')}</th>
            <th scope="col">{t('Name')}</th>
            <th scope="col">{t('Columns')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td data-label={t('Row')}>{row.row}</td>
              <td data-label={t('Number')}>{row.productNumber ? `#${row.productNumber}` : '–'}</td>
              <td data-label={t('Name')}>
                <span lang="sv">{lineName(row.name, row.variant)}</span>
                {row.newVariant && ` (${t('new variant')})`}
              </td>
              <td data-label={t('Columns')}>{row.fields.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProductCsvPanel() {
  const { t } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [exportError, setExportError] = useState('');
  const importer = useImportProducts();
  const answer = importer.data;
  const report = answer?.kind === 'report' ? answer.report : null;

  function onCheck(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file) importer.mutate({ file, dryRun: true });
  }

  function onExport() {
    setExportError('');
    downloadFile('/api/products/mine.csv', 'torget-products.csv').catch((error: Error) =>
      setExportError(error.message),
    );
  }

  return (
    <section className="card csv-panel" aria-labelledby="csv-panel-heading">
      <h2 id="csv-panel-heading">{t('Import and export as CSV')}</h2>
      <p>
        <button type="button" className="button button-secondary" onClick={onExport}>
          {t('Export CSV')}
        </button>
      </p>
      {exportError && <MessageBox variant="danger">{t(exportError)}</MessageBox>}
      <form className="csv-import-form" onSubmit={onCheck}>
        <label htmlFor={fileId}>{t('CSV file to import')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            importer.reset();
          }}
        />
        <button type="submit" className="button button-primary" disabled={!file || importer.isPending}>
          {t('Import CSV')}
        </button>
      </form>
      <p className="muted">{t('An import first shows what it would do; nothing changes until you apply it.')}</p>
      <div aria-live="polite">
        {importer.isPending && <p>{t('Reading the file...')}</p>}
        {importer.isError && <MessageBox variant="danger">{t(importer.error.message)}</MessageBox>}
        {answer?.kind === 'problem' && (
          <MessageBox variant="danger">
            {t(answer.problem.message)}
            {answer.problem.problems.length > 0 && (
              <ul>
                {answer.problem.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </MessageBox>
        )}
        {report && (
          <div className="csv-report">
            {report.applied ? (
              <MessageBox variant="success">
                {t('Applied: {{created}} created, {{changed}} changed.', {
                  created: report.created.length,
                  changed: report.changed.length,
                })}
              </MessageBox>
            ) : (
              <p>
                {t('{{created}} to create, {{changed}} to change, {{unchanged}} unchanged, {{refused}} refused.', {
                  created: report.created.length,
                  changed: report.changed.length,
                  unchanged: report.unchanged,
                  refused: report.refused.length,
                })}
              </p>
            )}
            {report.refused.length > 0 && (
              <div className="table-scroll">
                <table className="data-table csv-report-table">
                  <caption>{t('Refused rows')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('Row')}</th>
                      <th scope="col">{t('Number')}</th>
                      <th scope="col">{t('Reason')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.refused.map((row) => (
                      <tr key={row.row}>
                        <td data-label={t('Row')}>{row.row}</td>
                        <td data-label={t('Number')}>{row.productNumber || '–'}</td>
                        <td data-label={t('Reason')}>{formMessage(t, row.reason, 'product')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {!report.applied && (
              <>
                <ChangeTable caption={t('To create')} rows={report.created} />
                <ChangeTable caption={t('To change')} rows={report.changed} />
              </>
            )}
            {!report.applied && report.refused.length > 0 && (
              <p>{t('Fix the refused rows and choose the file again: nothing is applied while a row is refused.')}</p>
            )}
            {!report.applied && report.refused.length === 0 && file && (
              <button
                type="button"
                className="button button-accent"
                disabled={importer.isPending || report.created.length + report.changed.length === 0}
                onClick={() => importer.mutate({ file, dryRun: false })}
              >
                {t('Apply the import')}
              </button>
            )}
          </div>
        )}
      </div>
      <details className="csv-columns">
        <summary>{t('The columns')}</summary>
        <p>
          {t(
            'UTF-8 with ; between cells, as Excel in Swedish saves "CSV UTF-8". One row per product, or one per variant of a product with variants, its own cells repeated on each: a new combination of values adds a variant, and variants the file leaves out stay as they are. A cell starting with = + - or @ is written after a \' so a spreadsheet shows it as text.',
          )}
        </p>
        <dl>
          {PRODUCT_CSV_COLUMNS.map((column) => (
            <div key={column.name}>
              <dt>
                <code>{column.name}</code>
                {column.required && ` (${t('required')})`}
              </dt>
              <dd>{t(COLUMN_HELP[column.name] ?? '')}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
