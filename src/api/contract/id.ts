import { Type } from '@sinclair/typebox';

/**
 * The one id rule for client and server: a positive 32-bit integer (PostgreSQL's `integer`). The contract's
 * schemas use `Id`; text from an address, a query or a cursor goes through `parseId`.
 */
export const ID_MAX = 2_147_483_647;

export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX });

/** Whether a value is an id. */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

/** The id written in `text` (digits only, 1 to ID_MAX), or null when absent or not an id. */
export function parseId(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return isId(n) ? n : null;
}
