import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import { ErrorCode } from '../../src/api/contract/codes';
import { COVER_FORMATS, COVER_MIME, COVER_WIDTHS, type CoverFormat } from '../../src/api/contract/covers';
import { keepNewest } from '../../src/lib/keep-newest';
import { failure } from '../http/errors';
import type { TypeBoxProvider } from '../http/typebox';
import { ARTICLE_IMAGES } from '../materials/article-images';

const Params = Type.Object({ file: Type.String({ pattern: '^[a-z]?[0-9]{1,7}\\.svg$' }) });
const CoverParams = Type.Object({
  file: Type.String({ pattern: `^[a-z]?[0-9]{1,7}\\.(svg|${COVER_FORMATS.join('|')})$` }),
});
const CoverQuery = Type.Object({ w: Type.Optional(Type.Union(COVER_WIDTHS.map((w) => Type.Literal(String(w))))) });
/** Encoded covers kept, most recently used last: a list page asks for the same few dozen again and again. */
const RASTER_KEPT = 400;

function hue(key: string): number {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/**
 * Covers and avatars for seeded lives and people, drawn on request: the local static
 * domain (/static) needs real images without committing binary files.
 */
export const mediaPlugin: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const svg = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400' };

  const rasters = new Map<string, Buffer>();
  /** A cover at a phone's width in a modern format, encoded once from the same drawing. */
  async function raster(key: string, format: CoverFormat, width: number): Promise<Buffer> {
    const id = `${key}.${format}@${width}`;
    const kept = rasters.get(id);
    if (kept) {
      rasters.delete(id);
      rasters.set(id, kept);
      return kept;
    }
    const { default: sharp } = await import('sharp');
    const image = sharp(Buffer.from(coverSvg(key)), { density: Math.ceil((72 * width) / 640) }).resize(width);
    const body = await (
      format === 'avif'
        ? image.avif({ quality: 50 })
        : format === 'webp'
          ? image.webp({ quality: 70 })
          : image.jpeg({ quality: 75, mozjpeg: true })
    ).toBuffer();
    keepNewest(rasters, id, body, RASTER_KEPT);
    return body;
  }

  app.get('/covers/:file', { schema: { params: CoverParams, querystring: CoverQuery } }, async (request, reply) => {
    const [key, ext] = request.params.file.split('.') as [string, string];
    if (ext !== 'svg') {
      const width = Number(request.query.w ?? COVER_WIDTHS[COVER_WIDTHS.length - 1]);
      const body = await raster(key, ext as CoverFormat, width);
      return reply
        .headers({ 'content-type': COVER_MIME[ext as CoverFormat], 'cache-control': 'public, max-age=86400' })
        .send(body);
    }
    return reply.headers(svg).send(coverSvg(key));
  });

  function coverSvg(key: string): string {
    const h = hue(key);
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},55%,45%)"/>` +
      `<stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,25%)"/></linearGradient></defs>` +
      `<rect width="640" height="360" fill="url(#g)"/><circle cx="520" cy="90" r="140" fill="#fff" opacity=".08"/>` +
      `<text x="40" y="300" font-family="sans-serif" font-size="44" fill="#fff" opacity=".9">LIVE ${key}</text></svg>`
    );
  }

  // The sample public-account articles' own figures (the forwarding assistant's links), drawn like the covers.
  app.get(
    '/articles/:file',
    { schema: { params: Type.Object({ file: Type.String({ pattern: '^[a-z-]{1,40}\\.svg$' }) }) } },
    async (request, reply) => {
      const draw = ARTICLE_IMAGES[request.params.file];
      if (!draw) return reply.code(404).send(failure(ErrorCode.notFound, '图片不存在'));
      return reply.headers(svg).send(draw());
    },
  );

  app.get(
    '/avatars/:file',
    { schema: { params: Params, response: { 200: Type.String() } } },
    async (request, reply) => {
      const h = hue(request.params.file);
      return reply
        .headers(svg)
        .send(
          `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
            `<rect width="96" height="96" rx="48" fill="hsl(${h},45%,55%)"/><circle cx="48" cy="38" r="17" fill="#fff" opacity=".9"/>` +
            `<path d="M18 84c4-18 16-26 30-26s26 8 30 26" fill="#fff" opacity=".9"/></svg>`,
        );
    },
  );
  await fastify.register(videoPlugin);
};

const VIDEO_DIR = path.resolve(__dirname, '..', 'assets', 'video');
const VideoParams = Type.Object({ file: Type.String({ pattern: '^sample[0-9]?\\.(m3u8|m2ts|mp4)$' }) });
const VIDEO_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m2ts: 'video/mp2t',
  mp4: 'video/mp4',
};

/** Parses a single `bytes=a-b` range; null when absent or unsatisfiable (multi-ranges are answered whole). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * The committed sample video (20 s, 480x270, H.264/AAC) for every live and replay: HLS
 * playlist and segments plus an MP4 with byte ranges, so players can seek.
 */
export const videoPlugin: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const cache = new Map<string, Buffer>();
  app.get('/video/:file', { schema: { params: VideoParams } }, async (request, reply) => {
    const { file } = request.params;
    let body = cache.get(file);
    if (!body) {
      try {
        body = await readFile(path.join(VIDEO_DIR, file));
      } catch {
        return reply.code(404).send(failure(ErrorCode.notFound, `No video ${file}`));
      }
      cache.set(file, body);
    }
    const ext = file.slice(file.lastIndexOf('.') + 1);
    reply.headers({
      'content-type': VIDEO_TYPES[ext] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=3600',
    });
    const range = parseRange(request.headers.range, body.length);
    if (request.headers.range && !range) {
      return reply
        .code(416)
        .header('content-range', `bytes */${body.length}`)
        .send(failure(ErrorCode.badRequest, 'Range not satisfiable'));
    }
    if (!range) return reply.send(body);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
      .send(body.subarray(range.start, range.end + 1));
  });
};
