/**
 * Reading and writing CSV files with csv-parse and csv-stringify: the bytes checked (UTF-8, size,
 * balanced quotes, a header with the columns needed) before any row is looked at, so a bad file
 * is a 400 with a report, never a 500.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export class CsvFileProblem extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
    this.name = 'CsvFileProblem';
  }
}

export interface CsvRecords {
  /** The header's column names, trimmed and in lower case. */
  columns: string[];
  /** Each row's cells by column name, with the row's number in a spreadsheet (the header is 1). */
  rows: { row: number; cells: Record<string, string> }[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `;` or `,`: whichever the header line holds more of (Excel in Swedish writes `;`). */
function delimiterOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const semicolons = header.split(';').length;
  const commas = header.split(',').length;
  return semicolons >= commas ? ';' : ',';
}

/**
 * The file's rows, or a CsvFileProblem: not UTF-8, empty, unbalanced quotes, a row with more or
 * fewer cells than the header, a column named twice, a required column missing, too many rows.
 */
export function readCsv(bytes: Buffer, required: readonly string[], maxRows: number): CsvRecords {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new CsvFileProblem('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new CsvFileProblem('The file is empty.');
  let records: string[][];
  try {
    records = parse(text, { delimiter: delimiterOf(text), skip_empty_lines: true, relax_quotes: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new CsvFileProblem('The file is not valid CSV.', [
        line ? `Line ${line}: ${csvErrorText(error)}` : csvErrorText(error),
      ]);
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new CsvFileProblem('The file is empty.');
  const columns = header.map((name) => name.trim().toLowerCase());
  const twice = columns.filter((name, i) => name !== '' && columns.indexOf(name) !== i);
  if (twice.length > 0) throw new CsvFileProblem('A column is named twice.', [...new Set(twice)]);
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new CsvFileProblem(
      'Columns are missing.',
      missing.map((name) => `Missing column: ${name}`),
    );
  }
  if (body.length > maxRows) throw new CsvFileProblem(`The file has more than ${maxRows} rows.`);
  return {
    columns,
    rows: body.map((cells, i) => ({
      row: i + 2,
      cells: Object.fromEntries(columns.map((name, c) => [name, cells[c] ?? ''])),
    })),
  };
}

function csvErrorText(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quote is opened and never closed.';
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return 'the row has a different number of cells than the header.';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a quote is closed in the middle of a cell.';
    default:
      return 'the file cannot be read as CSV.';
  }
}

/**
 * Rows as a CSV file for Excel in Swedish: UTF-8 with a byte order mark, `;` between cells,
 * CRLF line ends. The cells must already be spreadsheet-safe (rules/product-csv.ts).
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([header as string[], ...(rows as string[][])], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
  });
}
