import type { FastifyPluginAsync } from 'fastify';

import { LiveStateParams, LiveStateResponse } from '../../../src/api/contract/lives';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { liveAppInteractRoutes } from './live-app-interact';

/**
 * Live app, /live-api/cs-live-app (docs/rules/services.md#live-app). The live-room details, permissions, sign-in
 * by token and subscribe calls join it with the live screens.
 */
export const liveAppPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/api/live/getLiveState/:id',
    {
      schema: { params: LiveStateParams, response: responses(LiveStateResponse) },
      preValidation: [deps.signed('basic')],
    },
    async (request) => {
      const state = await deps.repos.lives.getState(request.params.id, deps.now());
      if (!state) throw notFound(`No live with id ${request.params.id}`);
      return ok(state);
    },
  );
  liveAppInteractRoutes(fastify, deps);
};
