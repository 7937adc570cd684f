/** Tiny runtime checks for data from outside (responses, config): cheaper than a schema library. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isArrayOf<T>(value: unknown, item: (v: unknown) => v is T): value is T[] {
  return Array.isArray(value) && value.every(item);
}
