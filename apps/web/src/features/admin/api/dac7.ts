import { ApiRequestError } from '#web/lib/api-client.ts';
import { readLanguageChoice } from '#web/lib/language.ts';
import { readStoredToken } from '#web/lib/session.tsx';

/**
 * GET /api/reports/dac7?year= (admin): the year's DAC7 report as CSV, saved as a file. Read with
 * fetch, as the payout file is, since a link cannot send the bearer token.
 */
export async function downloadDac7Report(year: number): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`/api/reports/dac7?year=${encodeURIComponent(String(year))}`, {
    headers: {
      Accept: 'text/csv',
      'Accept-Language': readLanguageChoice(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    cache: 'no-store',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message =
      typeof body?.message === 'string' ? body.message : `Request failed with status code ${response.status}`;
    throw new ApiRequestError(message, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `torget-dac7-${year}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
