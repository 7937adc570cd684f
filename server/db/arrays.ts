/** A value of a batch's column, as the engine's statements send it. */
export type ArrayValue = string | number | boolean | null;

const quoted = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * One column of a batch as a PostgreSQL array literal, sent as one parameter and cast in the statement
 * (`${pgArray(ids)}::int[]`), then read back as rows with `unnest(...) with ordinality`. Columns as arrays, not
 * rows as JSON: without a key repeated on every value the text is under half the size, and PostgreSQL parses an
 * array literal faster than it takes JSON apart into records; a batch of a thousand rows was a fifth of the
 * engine's statements spent in the JSON. Strings are always quoted (so 'NULL', braces, commas and spaces stay
 * text), null is NULL, a boolean t or f; a number must be finite, as the columns it fills.
 */
export function pgArray(values: readonly ArrayValue[]): string {
  const out: string[] = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === null) out[i] = 'NULL';
    else if (typeof v === 'string') out[i] = quoted(v);
    else if (typeof v === 'boolean') out[i] = v ? 't' : 'f';
    else if (Number.isFinite(v)) out[i] = String(v);
    else throw new RangeError(`pgArray: ${v} is not a finite number`);
  }
  return `{${out.join(',')}}`;
}
