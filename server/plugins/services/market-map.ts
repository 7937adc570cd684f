import type { FastifyPluginAsync } from 'fastify';
import { CHANCE_CATEGORY_GROUPS, ChanceCategoriesResponse, type ChanceCategory } from '../../../src/api/contract/marketMap';
import { ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';

const NAMES: Record<number, string> = {
  1: '资金流入', 2: '资金流出', 3: '持仓产品异动', 4: '产品到期', 5: '行为洞察', 6: '意向匹配', 7: '大额资金变动', 8: '产品净值预警',
};

/**
 * Marketing-map service, /market_map_url (spec §7), signed with the account id (sid).
 * Chance cards, clues, customer cards and materials join it with the adviser screens.
 */
export const marketMapPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/chance/categories',
    { schema: { response: responses(ChanceCategoriesResponse) }, preValidation: [deps.signed('marketMap'), deps.guards.requireSid] },
    async () => {
      const list: ChanceCategory[] = Object.entries(CHANCE_CATEGORY_GROUPS).map(([id, group]) => ({
        category_id: Number(id),
        group,
        name: NAMES[Number(id)] ?? '',
      }));
      return ok({ list: list.sort((a, b) => a.category_id - b.category_id) });
    },
  );
};
