import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serving the built client from dist/. Done by hand rather than with @fastify/static:
 * that plugin pulls in an ES-module-only dependency (content-disposition 3) that jest
 * cannot load on Node 20, and the few rules here are short.
 */

/** webpack names long-lived assets like js/main.1a2b3c4d.js: their content never changes. */
// Lazy chunks carry 6 hex digits of content hash (webpack.config.ts: each is a string in the first-load runtime), entries 8.
const HASHED_ASSET = /\.[0-9a-f]{6,}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The file under distDir a URL names, or null (dotfiles, traversal, bad escapes). */
function distFileFor(url: string, distDir: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?', 1)[0] ?? '');
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  // Browsers ask for /favicon.ico on pages without an icon link (the local sign-in pages): the app's icon answers.
  if (pathname === '/favicon.ico') pathname = '/favicon.png';
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return null;
  const root = path.resolve(distDir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/** What the build precompresses (webpack.config.ts, CompressionPlugin), so caches must key on the encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt)$/i;

/** The encodings a client accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) out.add(name);
  }
  return out;
}

/** The build's precompressed sibling (.br, then .gz) the client accepts, if one was emitted. */
async function precompressed(
  file: string,
  accepted: Set<string>,
): Promise<{ file: string; encoding: string; stat: fs.Stats } | null> {
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepted.has(encoding)) continue;
    try {
      const stat = await fs.promises.stat(file + ext);
      if (stat.isFile()) return { file: file + ext, encoding, stat };
    } catch {
      // none emitted for this file (small or incompressible): try the next encoding
    }
  }
  return null;
}

/** Sends a file of the build if the URL names one; false lets the caller fall back. */
export async function serveDistFile(request: FastifyRequest, reply: FastifyReply, distDir: string): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const file = distFileFor(request.url, distDir);
  if (!file) return false;
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  // webpack emits .br and .gz beside text assets: send one as it is rather than compressing per request.
  const packed = /\.(br|gz)$/.test(file)
    ? null
    : await precompressed(file, acceptedEncodings(request.headers['accept-encoding']));
  const sent = packed ?? { file, stat };
  const etag = `W/"${sent.stat.size.toString(16)}-${Math.floor(sent.stat.mtimeMs).toString(16)}${packed ? `-${packed.encoding}` : ''}"`;
  if (packed) reply.header('content-encoding', packed.encoding);
  if (packed || COMPRESSIBLE.test(file)) reply.header('vary', 'accept-encoding');
  reply
    .header('cache-control', HASHED_ASSET.test(path.basename(file)) ? IMMUTABLE : 'no-cache')
    .header('etag', etag)
    .header('last-modified', stat.mtime.toUTCString())
    .type(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) {
    await reply.code(304).send();
  } else {
    await reply.code(200).header('content-length', sent.stat.size).send(fs.createReadStream(sent.file));
  }
  return true;
}

/** History fallback: a GET for a page (accepts html) gets the app shell, so client routes load directly. */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export async function sendAppShell(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  let html: string;
  try {
    html = await fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  }
  return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>
<body style="font-family:sans-serif;max-width:36em;margin:3em auto;line-height:1.5">
<h1>The web app has not been built yet</h1>
<p>The local backend is running, but <code>dist/index.html</code> is missing.
Run <code>npm run build</code> (or restart with <code>npm start</code> without <code>SKIP_BUILD</code>), then reload this page.</p>
</body></html>
`;
