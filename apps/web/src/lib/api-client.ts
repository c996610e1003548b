/**
 * The one way the web app talks to the API. Failures throw an `ApiRequestError` whose message is
 * the server's `{ message }` when it sent one, otherwise the transport's own error text
 * (spec section 8). A 401 on a call that sent the bearer token signs the user out.
 */
import { readLanguageChoice } from './language';
import { readStoredToken, signOut } from './session';
import { isRecord } from './storage';

export class ApiRequestError extends Error {
  /** The HTTP status, or 0 when no answer arrived. */
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-serialisable payload, or FormData for uploads. */
  body?: unknown;
  /** Query parameters; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Send the signed-in user's token as `Authorization: Bearer …`. */
  auth?: boolean;
  signal?: AbortSignal;
}

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return null;
  // A few answers are plain text (POST /api/uploads answers the stored image's path).
  if (contentType?.startsWith('text/plain')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(path, options)).data;
}

/** A page of a paged list: the array the API answers and `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  /** Rows over all pages. */
  total: number;
}

/** GETs a paged list: the answer is still a JSON array; the total comes in `X-Total-Count`. */
export async function apiListPage<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<ListPage<T>> {
  const { data, headers } = await apiExchange<T[]>(path, { ...options, method: 'GET' });
  const total = Number(headers.get('x-total-count'));
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

async function apiExchange<T>(path: string, options: ApiRequestOptions): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, query, auth = false, signal } = options;
  // The UI language, so mails sent because of this call are in it.
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': readLanguageChoice() });
  const token = auth ? readStoredToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    // `no-cache`: the browser may keep catalogue answers (the API sends ETag and a short
    // max-age for CDNs) but must ask again each time, so the app never shows a list older than
    // a write it just made; an unchanged answer comes back as a bodiless 304.
    response = await fetch(withQuery(path, query), { method, headers, body: payload, signal, cache: 'no-cache' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(error instanceof Error ? error.message : 'Network Error', 0);
  }

  const data = parseBody(await response.text(), response.headers.get('content-type'));
  if (!response.ok) {
    if (response.status === 401 && token) signOut();
    const message =
      isRecord(data) && typeof data.message === 'string' && data.message !== ''
        ? data.message
        : `Request failed with status code ${response.status}`;
    throw new ApiRequestError(message, response.status);
  }
  if (data === undefined) {
    throw new ApiRequestError('The server sent an answer that is not JSON.', response.status);
  }
  return { data: data as T, headers: response.headers };
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
