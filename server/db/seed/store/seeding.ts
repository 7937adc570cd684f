import type { PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../../client';
import type { Prng } from '../prng';

export const DAY = 86_400_000;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every part of the store seed shares: the transaction, the one PRNG, the base time and scale. */
export interface Seeding {
  tx: Tx;
  rng: Prng;
  base: number;
  scale: 'small' | 'large';
  userIds: Map<string, number>;
  insertAll: <T extends PgTable>(table: T, values: T['$inferInsert'][]) => Promise<void>;
}

/** A 从业资格编号 as the seed draws it. */
export function certificate(rng: Prng): string {
  return `A${String(rng.int(1000000, 9999999))}${String(rng.int(10000, 99999))}`;
}
