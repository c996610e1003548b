import { ApiRequestError } from '#web/lib/api-client.ts';
import { readLanguageChoice } from '#web/lib/language.ts';
import { readStoredToken } from '#web/lib/session.tsx';

/**
 * Saves what a signed-in GET of `path` answers (a CSV report, a bank file) as a file named
 * `fileName`. Read with fetch, since a plain link cannot send the bearer token, then handed to the
 * browser as a download. A refusal throws the server's message, as the API client does.
 */
export async function downloadFile(path: string, fileName: string, accept = 'text/csv'): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(path, {
    headers: {
      Accept: accept,
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
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the object URL would otherwise live as long as the page.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
