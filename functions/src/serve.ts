// The thin transport around preview-page.ts: one request in, at most one document read, the
// built index.html out. The same function serves the Cloud Function (index.ts, through Express,
// which extends Node's request and response) and the dev stack's in-process rewrite.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  matchPreviewRoute,
  NOT_FOUND,
  previewDocumentPath,
  previewFor,
  renderPreviewPage,
} from './preview-page.js';

/** Where a preview's inputs come from: ports, so tests and the dev stack bring their own. */
export type PreviewSources = {
  /** The built app's index.html (the same build Hosting serves). */
  indexHtml: () => string | Promise<string>;
  /** One document by path (`showcases/x`), or null when there is none. */
  readDocument: (path: string) => Promise<Readonly<Record<string, unknown>> | null>;
  projectId: string;
  /** The site's origin (`https://example.com`); without it, taken from the request. */
  origin?: string | undefined;
  /** Told about any error a preview fell back from (logged by the caller). */
  onError?: (error: unknown) => void;
  /** Longest wait for the read before answering the plain index.html (default READ_DEADLINE_MS). */
  readDeadlineMs?: number;
};

/**
 * A read slower than this answers the plain index.html: crawlers give a page a few seconds, and
 * a person's browser would rather start the app (which reads the data itself) than wait.
 */
export const READ_DEADLINE_MS = 2500;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the read took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A found page: browsers revalidate every time (`max-age=0`, as index.html is `no-cache`, so a
 * deploy is seen at once), Hosting's CDN keeps the answer 5 minutes (`s-maxage=300`). A link
 * pasted into a chat is fetched by several crawlers within the same minutes, which one function
 * run and one read then serve; an edit or an unpublish reaches previews within 5 minutes; a
 * deploy clears the CDN, so a kept page never names the files of an older build.
 */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';
/**
 * A 404 is kept as briefly (Hosting's CDN would keep one 10 minutes without a header): a draft
 * published a minute later previews within 5.
 */
export const NOT_FOUND_CACHE_CONTROL = PREVIEW_CACHE_CONTROL;
/** The plain index.html after an error: never kept by the CDN, so the next request tries again. */
export const FALLBACK_CACHE_CONTROL = 'no-store';

export type PreviewAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** What was answered, for logs and tests: a page's preview, a 404, or the plain shell. */
  kind: 'preview' | 'not-found' | 'fallback';
};

const HTML = 'text/html; charset=utf-8';

/** The origin the request was made to, as Hosting forwards it (or as the dev stack serves it). */
export function requestOrigin(headers: IncomingMessage['headers']): string {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const host = first(headers['x-forwarded-host']) ?? first(headers.host) ?? 'localhost';
  const local = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/u.test(host);
  const proto = first(headers['x-forwarded-proto']) ?? (local ? 'http' : 'https');
  return `${proto === 'http' ? 'http' : 'https'}://${host}`;
}

/**
 * The answer to a GET of `pathname`: the page's preview (200), the site's generic page (404) for
 * a draft, a private or unknown id, and on any error the plain index.html (200, not kept), never
 * an error page. Reads at most one document.
 */
export async function answerPreview(
  pathname: string,
  origin: string,
  sources: PreviewSources,
): Promise<PreviewAnswer> {
  const indexHtml = await sources.indexHtml();
  try {
    const route = matchPreviewRoute(pathname);
    const data =
      route === null
        ? null
        : await withDeadline(
            sources.readDocument(previewDocumentPath(route)),
            sources.readDeadlineMs ?? READ_DEADLINE_MS,
          );
    const preview =
      route === null
        ? NOT_FOUND
        : previewFor(route, data, { origin, projectId: sources.projectId });
    return {
      status: preview.status,
      headers: {
        'Content-Type': HTML,
        'Cache-Control': preview.status === 200 ? PREVIEW_CACHE_CONTROL : NOT_FOUND_CACHE_CONTROL,
      },
      body: renderPreviewPage(indexHtml, preview, origin),
      kind: preview.status === 200 ? 'preview' : 'not-found',
    };
  } catch (error) {
    sources.onError?.(error);
    return fallback(indexHtml);
  }
}

function fallback(indexHtml: string): PreviewAnswer {
  return {
    status: 200,
    headers: { 'Content-Type': HTML, 'Cache-Control': FALLBACK_CACHE_CONTROL },
    body: indexHtml,
    kind: 'fallback',
  };
}

/**
 * Without index.html there is no app to fall back to: a page that tries again shortly (still not
 * a 500, and not kept).
 */
const RETRY_PAGE =
  '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Showcase</title><p>Showcase is starting. This page reloads in a few seconds.</p>';

/** Serves one request on Node's (or Express's) request and response. */
export async function servePreview(
  request: IncomingMessage,
  response: ServerResponse,
  sources: PreviewSources,
): Promise<PreviewAnswer> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const origin = sources.origin ?? requestOrigin(request.headers);
  let answer: PreviewAnswer;
  try {
    answer = await answerPreview(url.pathname, origin, sources);
  } catch (error) {
    sources.onError?.(error);
    answer = {
      status: 503,
      headers: {
        'Content-Type': HTML,
        'Cache-Control': FALLBACK_CACHE_CONTROL,
        'Retry-After': '5',
      },
      body: RETRY_PAGE,
      kind: 'fallback',
    };
  }
  const { encoding, body } = encode(answer.body, request.headers['accept-encoding']);
  response.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== null) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.byteLength);
  response.end(request.method === 'HEAD' ? undefined : body);
  return answer;
}

/**
 * The page compressed as the client accepts it, as Hosting compresses its static files: a 24 KB
 * index.html is 10 KB in gzip, which on a phone's slow network is round trips saved before the
 * first paint. Brotli at a fast level (about a millisecond here), else gzip, else as it is.
 */
export function encode(
  text: string,
  acceptEncoding: string | string[] | undefined,
): { encoding: 'br' | 'gzip' | null; body: Buffer } {
  const accepted = (
    Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')
  )
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/u.test(q))
    .map(([name]) => name!.toLowerCase());
  const raw = Buffer.from(text);
  if (accepted.includes('br'))
    return {
      encoding: 'br',
      body: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  if (accepted.includes('gzip')) return { encoding: 'gzip', body: gzipSync(raw) };
  return { encoding: null, body: raw };
}
