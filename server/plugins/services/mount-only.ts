import type { FastifyPluginAsync } from 'fastify';

import type { ServiceOptions } from '../deps';

/**
 * Services mounted for their base path only, so unknown calls already answer the
 * envelope 404 (100405) the client handles. Their routes arrive with their screens:
 * - /noah-common: WeChat-ecosystem user info and token (web-chat sign-in)
 */
export const mountOnlyPlugin: FastifyPluginAsync<ServiceOptions> = async () => {};
