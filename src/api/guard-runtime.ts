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

/** A key equal for equal JSON values (object keys in any order), so items can be compared by value. */
function valueKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(valueKey).join(',')}]`;
  if (objectLike(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${valueKey(value[k])}`)
      .join(',')}}`;
  return `${typeof value}:${String(value)}`;
}

/** Whether no two items of `array` are equal by value (JSON Schema's uniqueItems). */
export function uniqueItems(array: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of array) {
    const key = valueKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}
