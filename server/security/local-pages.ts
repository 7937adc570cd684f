import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';

import { forbidden } from '../http/errors';

/**
 * The local stand-in pages (sign-in picker showing SMS codes, action logs, analytics events)
 * are for the person at this machine: they answer loopback clients only,
 * unless LOCAL_PAGES_OPEN=1 opens them on purpose (a phone on the LAN testing the app).
 * Production mounts none of them (see buildApp).
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopback(ip: string): boolean {
  return LOOPBACK.has(ip) || ip.startsWith('127.');
}

/**
 * A request from this machine: the socket's peer is loopback (under TRUST_PROXY request.ip is whatever
 * X-Forwarded-For claims, so it alone proves nothing), and no proxy forwarded it (a balancer on this host
 * connects from loopback on behalf of anyone).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress ?? '') && isLoopback(request.ip);
}

/** Registers a stand-in plugin behind the loopback check. */
export async function registerLocalPage<O extends object>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<O>,
  opts: O & { prefix: string },
  open: boolean,
): Promise<void> {
  await app.register(async (scope) => {
    if (!open) {
      scope.addHook('onRequest', async (request) => {
        if (!fromThisMachine(request))
          throw forbidden('Local stand-in pages answer this machine only (set LOCAL_PAGES_OPEN=1 to open them)');
      });
    }
    await scope.register(plugin, opts);
  });
}
