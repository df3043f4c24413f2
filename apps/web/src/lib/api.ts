import type { Body, EndpointName, Endpoints, EventStream, FileDownload, Input, MultipartBody, Params, Response as Answer } from '@wag/contract/endpoints';
import { pathFor, routes, type RouteName } from '@wag/contract/routes';
import { ApiError } from './api-error';
import { readToken } from './auth-storage';
import { takeInlineAnswer } from './early';
import { currentLocale } from './i18n';

/**
 * The one way the web app talks to the server: every call by its name in the contract's catalogue,
 * typed from it (params, query, body, answer), its method and path read from the route table.
 * Only `features/*\/api/` and `lib/` import this file (lint zones); screens use their queries.
 * The types come from `@wag/contract/endpoints` with `import type` only: that module loads zod, which
 * must not reach the browser.
 */

/** Calls answered with a stream of events rather than one JSON document: read with openStream. */
export type StreamName = { [N in EndpointName]: Endpoints[N]['response'] extends EventStream<unknown> ? N : never }[EndpointName];
/** Calls answered with a file to save (the data export): read with downloadFile. */
export type DownloadName = { [N in EndpointName]: Endpoints[N]['response'] extends FileDownload ? N : never }[EndpointName];
/** Calls answered with one JSON document. */
export type CallName = Exclude<EndpointName, StreamName | DownloadName>;

export interface CallOptions {
  signal?: AbortSignal;
  /** The token to send; by default the stored one. `null` sends none. */
  token?: string | null;
  /**
   * A write's Idempotency-Key (lib/idempotency-key.ts, made once per action): the call is sent again
   * with it when no answer came (a dropped connection, a server restarting behind the balancer), and
   * the server answers a repeat with what the first attempt did instead of doing it twice.
   */
  idempotencyKey?: string;
}

/** Waits before the attempts after the first: about 7 s in all, what a restarting server needs. */
const RETRY_DELAYS_MS = [500, 1500, 5000];

/** No answer, or a balancer saying the server behind it is gone or restarting. */
function worthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** Sends once, or, with an idempotency key, again after each unanswered attempt. */
async function withRetries(options: CallOptions, attempt: () => Promise<unknown>): Promise<unknown> {
  if (!options.idempotencyKey) return attempt();
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await attempt();
    } catch (error) {
      if (!worthRetrying(error)) throw error;
      await pause(delay, options.signal);
    }
  }
  return attempt();
}

export interface UploadOptions extends CallOptions {
  /**
   * Upload progress in whole percent. With it the call goes through XMLHttpRequest, which reports
   * progress (fetch cannot); the answer and the errors are the same.
   */
  onUploadProgress?: (percent: number) => void;
}

/** Multipart calls (uploads) may report progress; the others take the plain options. */
type OptionsOf<N extends CallName> = Body<N> extends MultipartBody ? UploadOptions : CallOptions;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** The input is optional when the call needs nothing (no path parameters, no required body). */
type CallArgs<N extends CallName> = [RequiredKeys<Input<N>>] extends [never]
  ? [input?: Input<N>, options?: OptionsOf<N>]
  : [input: Input<N>, options?: OptionsOf<N>];

type QueryItem = string | number | boolean;
type QueryValue = QueryItem | readonly QueryItem[] | null | undefined;

/** `?a=1&b=x&b=y` in the object's order: undefined (and null) left out, arrays as repeated keys. */
function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    const items: readonly (QueryItem | null | undefined)[] = Array.isArray(value) ? value : [value as QueryItem | null | undefined];
    for (const item of items) {
      if (item !== undefined && item !== null) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const fillPath = pathFor as (name: RouteName, params?: Readonly<Record<string, string>>) => string;

/** The address of a call: its path with the parameters encoded in, then the query. */
function urlOf(name: EndpointName, params?: Readonly<Record<string, string>>, query?: Readonly<Record<string, QueryValue>>): string {
  return fillPath(name, params) + queryString(query);
}

function messageOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Any non-2xx answer, or a 2xx carrying `success: false`, becomes an ApiError with the server's text. */
function settle(status: number, payload: unknown): unknown {
  const failed =
    status < 200 ||
    status > 299 ||
    (payload !== null && typeof payload === 'object' && (payload as { success?: unknown }).success === false);
  if (failed) throw new ApiError(status, messageOf(payload), payload);
  return payload;
}

function tokenFor(options: CallOptions): string | null {
  return options.token === undefined ? readToken() : options.token;
}

/** FormData goes as multipart (the browser writes its boundary); anything else as JSON. */
function encodeBody(body: unknown): { payload: FormData | string | undefined; contentType: string | null } {
  if (body instanceof FormData) return { payload: body, contentType: null };
  if (body !== undefined) return { payload: JSON.stringify(body), contentType: 'application/json' };
  return { payload: undefined, contentType: null };
}

async function send(method: string, url: string, body: unknown, options: CallOptions): Promise<unknown> {
  const token = tokenFor(options);
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLocale() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  const { payload, contentType } = encodeBody(body);
  if (contentType) headers.set('Content-Type', contentType);

  // The first answers of the home, /quickys, a profile or a post may already be on their way, asked for by
  // index.html (lib/early.ts).
  const early = method === 'GET' && !options.idempotencyKey ? takeInlineAnswer(url, token, currentLocale()) : undefined;
  let response: Response;
  try {
    const ask = () => fetch(url, { method, headers, body: payload, signal: options.signal });
    response = await (early ? early.catch(ask) : ask());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }
  return settle(response.status, parseJson(await response.text()));
}

function sendWithProgress(method: string, url: string, body: unknown, options: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { signal, onUploadProgress } = options;
    if (signal?.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Accept', 'application/json');
    // The server answers its messages in the interface language.
    request.setRequestHeader('Accept-Language', currentLocale());
    const token = tokenFor(options);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) request.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    const { payload, contentType } = encodeBody(body);
    if (contentType) request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (onUploadProgress && event.lengthComputable && event.total > 0) onUploadProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    request.onloadend = () => signal?.removeEventListener('abort', abort);
    request.onload = () => {
      try {
        resolve(settle(request.status, parseJson(request.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, undefined));
    request.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    request.send(payload ?? null);
  });
}

/**
 * Calls the endpoint `name`: `api('profile', { params: { username } }, { signal })`. Path parameters
 * are percent-encoded into the path, the query is written in its object's order, a FormData body goes
 * as multipart, anything else as JSON; the stored session token rides as `Authorization: Bearer`.
 * Resolves with the server's answer; rejects with an ApiError carrying the server's message, in the
 * interface language it was sent as Accept-Language.
 */
export function api<N extends CallName>(name: N, ...[input, options]: CallArgs<N>): Promise<Answer<N>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, QueryValue>>;
    body?: unknown;
  };
  const url = urlOf(name, params, query);
  const { method } = routes[name];
  const settings: UploadOptions = options ?? {};
  const answer = withRetries(settings, () => (settings.onUploadProgress ? sendWithProgress(method, url, body, settings) : send(method, url, body, settings)));
  return answer as Promise<Answer<N>>;
}

/**
 * Fetches a file the server makes for the signed-in person (the data export, an identity document
 * for a moderator) with the token in the Authorization header, never in a URL, and answers it with
 * the name the server gave it. Errors as `api` throws them.
 */
export async function downloadFile<N extends DownloadName>(
  name: N,
  options: CallOptions & { params?: Params<N> } = {},
): Promise<{ blob: Blob; fileName: string }> {
  const token = tokenFor(options);
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(urlOf(name, options.params as Readonly<Record<string, string>> | undefined), { method: routes[name].method, headers, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }
  if (!response.ok) settle(response.status, parseJson(await response.text()));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'wag.zip';
  return { blob: await response.blob(), fileName };
}

/**
 * Opens an event stream (the live channel) with fetch, so the token travels in the Authorization
 * header, never in a URL. The raw response is returned: the caller reads the stream and decides what
 * a status means (a 401 ends the channel).
 *
 * At low priority: the stream stays open for the whole visit, and a fetch is otherwise one of the
 * page's important requests (High), which a browser serves before pictures and a page's tools wait
 * for (Lighthouse counted the page as never done loading: its load timed out on every signed-in page).
 * An EventSource gets the same treatment by its kind.
 */
export function openStream(name: StreamName, options: { token: string; signal?: AbortSignal }): Promise<Response> {
  return fetch(urlOf(name), {
    method: routes[name].method,
    headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream', 'Accept-Language': currentLocale() },
    signal: options.signal,
    priority: 'low',
  });
}
