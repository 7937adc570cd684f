import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxProvider } from '../http/typebox';

const Params = Type.Object({ file: Type.String({ pattern: '^[a-z]?[0-9]{1,7}\\.svg$' }) });

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

  app.get('/covers/:file', { schema: { params: Params, response: { 200: Type.String() } } }, async (request, reply) => {
    const key = request.params.file.replace('.svg', '');
    const h = hue(key);
    return reply.headers(svg).send(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},55%,45%)"/>` +
        `<stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,25%)"/></linearGradient></defs>` +
        `<rect width="640" height="360" fill="url(#g)"/><circle cx="520" cy="90" r="140" fill="#fff" opacity=".08"/>` +
        `<text x="40" y="300" font-family="sans-serif" font-size="44" fill="#fff" opacity=".9">LIVE ${key}</text></svg>`,
    );
  });

  app.get('/avatars/:file', { schema: { params: Params, response: { 200: Type.String() } } }, async (request, reply) => {
    const h = hue(request.params.file);
    return reply.headers(svg).send(
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
        `<rect width="96" height="96" rx="48" fill="hsl(${h},45%,55%)"/><circle cx="48" cy="38" r="17" fill="#fff" opacity=".9"/>` +
        `<path d="M18 84c4-18 16-26 30-26s26 8 30 26" fill="#fff" opacity=".9"/></svg>`,
    );
  });
};
