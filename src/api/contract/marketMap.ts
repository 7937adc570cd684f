import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope';

/** Chance-card category groups (spec §3: codes 1-8). */
export const ChanceGroup = {
  moneyFlow: 'money_flow',
  productMonitoring: 'product_monitoring',
  behaviourInsight: 'behaviour_insight',
  intentMatching: 'intent_matching',
} as const;
export type ChanceGroup = (typeof ChanceGroup)[keyof typeof ChanceGroup];

export const CHANCE_CATEGORY_GROUPS: Readonly<Record<number, ChanceGroup>> = {
  1: ChanceGroup.moneyFlow,
  2: ChanceGroup.moneyFlow,
  7: ChanceGroup.moneyFlow,
  3: ChanceGroup.productMonitoring,
  4: ChanceGroup.productMonitoring,
  8: ChanceGroup.productMonitoring,
  5: ChanceGroup.behaviourInsight,
  6: ChanceGroup.intentMatching,
};

export const ChanceCategory = Type.Object({
  category_id: Type.Integer({ minimum: 1, maximum: 8 }),
  group: Type.Union(Object.values(ChanceGroup).map((g) => Type.Literal(g))),
  name: Type.String(),
});
export type ChanceCategory = Static<typeof ChanceCategory>;

/** GET /market_map_url/chance/categories (marketing-map signature). */
export const ChanceCategoriesResponse = Envelope(Type.Object({ list: Type.Array(ChanceCategory) }));
