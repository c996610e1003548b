import { downloadFile } from '#web/lib/download-file.ts';

/** GET /api/reports/dac7?year= (admin): the year's DAC7 report as CSV, saved as a file. */
export function downloadDac7Report(year: number): Promise<void> {
  return downloadFile(`/api/reports/dac7?year=${encodeURIComponent(String(year))}`, `torget-dac7-${year}.csv`);
}
