import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { forbidden } from '../http/errors';

/**
 * The local stand-in pages (sign-in picker showing SMS codes, action logs, analytics events)
 * are for the person at this machine (issue 16 item 4): they answer loopback clients only,
 * unless LOCAL_PAGES_OPEN=1 opens them on purpose (a phone on the LAN testing the app).
 * Production mounts none of them (see buildApp).
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopback(ip: string): boolean {
  return LOOPBACK.has(ip) || ip.startsWith('127.');
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
        if (!isLoopback(request.ip)) throw forbidden('Local stand-in pages answer this machine only (set LOCAL_PAGES_OPEN=1 to open them)');
      });
    }
    await scope.register(plugin, opts);
  });
}
