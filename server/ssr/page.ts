import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router-dom';

import { keepNewest } from '../../src/lib/keep-newest';
import { findRoute, guardDecision } from '../../src/routes';
import { SSR_DATA_ID, type SsrData } from '../../src/store';
import type { ServiceDeps } from '../plugins/deps';
import { acceptedEncodings, sendAppShell } from '../plugins/web-app';
import { ignoreStylesheetImports } from './hooks';
import { SSR_ROUTES } from './loaders';
import type { CachedPage, PageCache } from './page-cache';

/**
 * Server-rendered first screens: the app shell with the screen's HTML in #root, its
 * stylesheets linked, and the data it was rendered from in a JSON block the client dispatches as one
 * action before it hydrates. Any failure sends the plain shell: the browser renders as it always did.
 */
interface Shell {
  html: string;
  mtimeMs: number;
  screens: Record<string, string[]>;
  groups: Record<string, string[]>;
}
let shellCache: (Shell & { distDir: string; statAt: number }) | null = null;
/** A new build shows within a second: a kept page's request makes no file system call of its own. */
const SHELL_RECHECK_MS = 1000;

async function readShell(distDir: string): Promise<Shell | null> {
  const file = path.join(distDir, 'index.html');
  const at = performance.now();
  if (shellCache?.distDir === distDir && at - shellCache.statAt < SHELL_RECHECK_MS) return shellCache;
  try {
    const { mtimeMs } = await fs.promises.stat(file);
    if (shellCache?.distDir === distDir && shellCache.mtimeMs === mtimeMs) {
      shellCache.statAt = at;
      return shellCache;
    }
    const html = await fs.promises.readFile(file, 'utf8');
    const manifest = JSON.parse(
      await fs.promises.readFile(path.join(distDir, 'chunk-manifest.json'), 'utf8'),
    ) as Partial<Shell>;
    shellCache = {
      html,
      mtimeMs,
      screens: manifest.screens ?? {},
      groups: manifest.groups ?? {},
      distDir,
      statAt: at,
    };
    return shellCache;
  } catch {
    return null;
  }
}

/** JSON inside <script>: `<` escaped so no string in the data can close the element; U+2028/9 are valid JSON but not JS. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function renderBody(ssrData: SsrData): Promise<string> {
  ignoreStylesheetImports();
  // Loaded on the first rendered page: React on the server and every screen's source stay out of start-up.
  const { renderAppHtml } = await import('./render');
  return renderAppHtml(ssrData);
}

/**
 * A render is a pure function of its data (the same action on the same reducers, no clock, no viewer beyond
 * the data): pages whose data is identical share one render. Keyed by the data itself, so it is never stale.
 */
const renderedBodies = new Map<string, string>();
const RENDERED_MAX = 64;

/** The chunk group of the customer's bottom bar and the share pages' door bar (src/app/router/bars/AreaBar.tsx). */
const FRAME_GROUP = 'customer-bar';

/**
 * The app's scripts at low priority: the screen is already in the HTML, so on a slow link they must not take
 * bandwidth from its stylesheets and covers (the preload scanner would otherwise fetch them first).
 */
const lowPriority = (tag: string) => tag.replace('<script ', '<script fetchpriority=low ');

/**
 * The page for this request with its screen rendered in, or null when this address is not server-rendered. Kept per
 * address and per mini-program or not (all a loader may read of the request, LoaderContext) and served from
 * memory while fresh (page-cache.ts): nothing of one request (a session, a header) is in the kept bytes.
 */
export async function renderPage(
  request: FastifyRequest,
  deps: ServiceDeps,
  shell: Shell,
  cache: PageCache,
): Promise<CachedPage | null> {
  const url = new URL(request.url, 'http://server.invalid');
  const route = findRoute(url.pathname);
  const ssr = route && SSR_ROUTES[route.name];
  if (!route || !ssr) return null;
  // A desktop browser on a guarded screen is redirected by the client first: nothing to render for it.
  const ua = request.headers['user-agent'] ?? '';
  const guard = guardDecision({
    pathname: url.pathname,
    search: url.search,
    hash: '',
    userAgent: ua,
    maxTouchPoints: 0,
    isTopWindow: true,
    origin: '',
  });
  if (guard.kind !== 'allow') return null;
  const params = (matchPath({ path: route.path, caseSensitive: false }, url.pathname)?.params ?? {}) as Record<
    string,
    string
  >;
  const miniProgram = /miniProgram/i.test(ua);
  const address = url.pathname + url.search;
  const key = `${miniProgram ? 'mini-program' : 'web'} ${address}`;
  return cache.page(key, async () => {
    const data = await ssr.load({ url, params, miniProgram, deps });
    if (!data) return null;
    const ssrData: SsrData = { route: route.name, url: address, data };
    const json = scriptSafeJson(ssrData);
    return {
      // The render is a function of the data and the built shell: the same data on the same build is the same page.
      version: `${shell.mtimeMs} ${json}`,
      shared: ssr.shared?.(data) ?? true,
      render: async () => {
        const page = await assemble(shell, route, ssr.screen, json, ssrData);
        if (!page) throw new Error(`server render of ${route.name} left no content`);
        return page;
      },
    };
  });
}

async function assemble(
  shell: Shell,
  route: { name: string; title: string },
  screen: string,
  json: string,
  ssrData: SsrData,
): Promise<string | null> {
  const body = renderedBodies.get(json) ?? (await renderBody(ssrData));
  // Most recently used last: the oldest goes first when full.
  keepNewest(renderedBodies, json, body, RENDERED_MAX);
  // The frame's bars come in a lazy chunk of their own: their stylesheet too when the page shows one, or the bar paints
  // unstyled in the page's flow and jumps to its fixed place once the chunk loads (a layout shift of 0.1 on wechatH5).
  const frame = /<nav class="(?:bottom-bar|door-bar)"/.test(body) ? (shell.groups[FRAME_GROUP] ?? []) : [];
  const files = [...(shell.screens[screen] ?? []), ...frame.filter((f) => !(shell.screens[screen] ?? []).includes(f))];
  // Stylesheets only: the screen's scripts are fetched by the app's own (deferred) code, so on a slow link
  // they never take bandwidth from what paints the first screen (a preload would fetch them at high priority).
  const links = files
    .filter((f) => f.endsWith('.css'))
    .map((f) => `<link rel="stylesheet" href="/${f}">`)
    .join('');
  // The app's deferred scripts go after the content: the parser reaches the first screen before it meets them.
  const scripts = shell.html.match(/<script\b[^>]*\bsrc=[^>]*><\/script>/g) ?? [];
  const page = scripts
    .reduce((html, tag) => html.replace(tag, ''), shell.html)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(route.title)}</title>`)
    .replace('</head>', `${links}</head>`)
    .replace(/<div id="?root"?><\/div>/, () => `<div id="root" data-ssr="${escapeHtml(route.name)}">${body}</div>`)
    .replace(
      '</body>',
      () =>
        `<script type="application/json" id="${SSR_DATA_ID}">${json}</script>${scripts.map(lowPriority).join('')}</body>`,
    );
  return page.includes('data-ssr=') ? page : null;
}

/** The kept page's bytes in the best encoding the client accepts (made once with the page), with its tag. */
function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const [body, encoding, etag] = accepted.has('br')
    ? [page.br, 'br', `${page.etag.slice(0, -1)}-br"`]
    : accepted.has('gzip')
      ? [page.gzip, 'gzip', `${page.etag.slice(0, -1)}-gz"`]
      : [page.raw, null, page.etag];
  reply
    .header('cache-control', 'no-cache')
    // A rendered page is public (the same bytes for every reader of a shared link), and an isolating opener policy
    // makes Chromium commit a freshly opened page in a new browsing-context group, a new renderer process started
    // after the response arrives: on a throttled phone that came before the first item (share page 1.2-1.6x a
    // static copy). The shell of every other screen keeps helmet's same-origin (security-headers.ts).
    .header('cross-origin-opener-policy', 'unsafe-none')
    // The mini-program's page differs (its user's tags), and the bytes by encoding: caches key on both.
    .header('vary', 'user-agent, accept-encoding')
    .header('etag', etag)
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  const tags = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(etag) || tags.includes('*')) return reply.code(304).send();
  return reply.code(200).header('content-length', body.length).send(body);
}

/** The page for a browser's GET: server-rendered where it can be, else the app shell (history fallback). SSR=off: always the shell. */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  distDir: string,
  deps: ServiceDeps,
  cache: PageCache,
): Promise<FastifyReply> {
  const shell = process.env.SSR === 'off' ? null : await readShell(distDir);
  if (shell) {
    try {
      const page = await renderPage(request, deps, shell, cache);
      if (page) return sendKept(request, reply, page);
    } catch (error) {
      // The browser renders this page itself, as it did before server rendering.
      request.log.warn({ err: error, url: request.url }, 'server render failed; sent the app shell');
    }
  }
  return sendAppShell(reply, distDir);
}
