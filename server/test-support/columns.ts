import { getTableColumns, type Table } from 'drizzle-orm';

/** Some of a table's columns, by name, as a select's fields: the rows then hold just what a test compares. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
