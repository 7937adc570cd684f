/**
 * The checks every generated guard (src/api/generated/*.ts, written by scripts/gen-guards.ts) makes at each object
 * and array, written once here instead of out at every place: the generated code calls them where TypeBox's
 * compiled code would repeat them.
 */

/** A non-null object that is not an array: what a JSON object decodes to. */
export function objectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether every item passes `check`, stopping at the first that does not. */
export function everyItem(array: readonly unknown[], check: (item: unknown) => boolean): boolean {
  for (const value of array) if (!check(value)) return false;
  return true;
}
