import type { FastifyRequest } from 'fastify';

/** The token as the client sends it: `Authorization: Bearer T`, `Authorization: T` or `token: T`. */
export function tokenFrom(headers: FastifyRequest['headers']): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.trim()) {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    return (m?.[1] ?? auth).trim();
  }
  const token = headers.token;
  return typeof token === 'string' && token.trim() ? token.trim() : null;
}
