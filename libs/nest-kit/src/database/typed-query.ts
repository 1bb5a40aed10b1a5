import { createHash } from 'node:crypto';
import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod';

/**
 * Named parameters for SQL fragments put into a TypeORM query builder (or a typed raw query): `p.add(value)` returns
 * its placeholder (`:p0`), `p.values` goes to `qb.setParameters(...)`. Values never enter the SQL text.
 */
export class QueryParams {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  constructor(private readonly prefix = 'p') {
    if (!/^[a-z_]+$/i.test(prefix)) throw new Error(`bad parameter prefix ${prefix}`);
  }

  add(value: unknown): string {
    const name = `${this.prefix}${this.next++}`;
    this.values[name] = value;
    return `:${name}`;
  }
}

/** The paging and sorting part of a list query (as the list contracts declare it). */
export interface ListWindow {
  page: number;
  pageSize: number;
  sortBy?: string;
  sortDir?: 'asc' | 'desc';
}

/**
 * The columns a list may be sorted by, keyed by the contract's field names (e.g. `{ name: 'c.name', groupName:
 * 'g.name' }`): the only way a sort reaches SQL. When the list contract declares its sortable fields as a zod enum,
 * type the map `SortMap<z.infer<typeof thatEnum>>` and the compiler checks that every field has its column.
 */
export type SortMap<K extends string = string> = Readonly<Record<K, string>>;

/**
 * ORDER BY from the whitelist (an unknown or missing field sorts by `fallback`), NULLS LAST, then by the id for a
 * stable order across pages; then the page's OFFSET/LIMIT.
 */
export function orderAndPage<E extends ObjectLiteral, K extends string>(
  qb: SelectQueryBuilder<E>,
  q: ListWindow,
  sortable: SortMap<K>,
  fallback: K,
  idColumn: string,
): SelectQueryBuilder<E> {
  const column =
    (q.sortBy !== undefined && Object.hasOwn(sortable, q.sortBy) ? sortable[q.sortBy as K] : undefined) ??
    sortable[fallback];
  const dir = q.sortDir === 'desc' ? 'DESC' : 'ASC';
  return qb
    .orderBy(column, dir, 'NULLS LAST')
    .addOrderBy(idColumn, dir)
    .offset((q.page - 1) * q.pageSize)
    .limit(q.pageSize);
}

/** The text with LIKE's wildcards and escape character escaped. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching the text anywhere, with the wildcards of the text escaped. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE pattern matching text that starts with `text` (wildcards escaped): a search as you type on an index. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

/** Postgres unique violation (23505), optionally of one constraint or index: to turn into a clear 400. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  const name = e.constraint ?? e.driverError?.constraint ?? '';
  return code === '23505' && (constraint === undefined || name.includes(constraint));
};

/** How typedRows runs its statement. */
export interface TypedRowsOptions {
  /**
   * As a named prepared statement of the connection (docs/decisions/0197): PostgreSQL parses it once per connection
   * and, once a generic plan costs no more than planning each time, stops planning it. Only for a hot statement
   * whose text takes few forms and whose best plan does not depend on its values (the worklist's tab counts; not the
   * worklist page, whose generic plan made a radiologist's tab take 300 ms): every distinct text is a statement kept
   * on each connection until it closes, so a text must never embed values (they are parameters). Runs on the
   * manager's transaction like any other statement.
   */
  prepare?: boolean;
}

/** The connection's name of a prepared statement: its text's digest (the same text, the same statement). */
export const preparedStatementName = (text: string): string =>
  `rw_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;

/**
 * Rows of a raw SQL statement, parsed by a zod row schema: where a query needs SQL that entities do not express
 * (aggregates, recursive or set queries), its rows are still checked, typed values. Parameters are named
 * (`:name`, from QueryParams or a plain object), as in the query builder.
 */
export async function typedRows<S extends z.ZodType>(
  manager: EntityManager,
  schema: S,
  sql: string,
  params: QueryParams | Record<string, unknown> = {},
  options: TypedRowsOptions = {},
): Promise<z.output<S>[]> {
  const named = params instanceof QueryParams ? params.values : params;
  const [text, values] = manager.connection.driver.escapeQueryWithParameters(sql, named);
  if (options.prepare) {
    const runner = manager.queryRunner;
    if (!runner) throw new Error('typedRows: a prepared statement runs on a transaction (a unit of work)');
    // the pg client of the transaction (TypeORM's query() takes no statement name)
    const client = (await runner.connect()) as { query(q: object): Promise<{ rows: unknown[] }> };
    const { rows } = await client.query({ name: preparedStatementName(text), text, values });
    return rows.map((row) => schema.parse(row));
  }
  const result = (await manager.query(text, values)) as unknown;
  // UPDATE/DELETE ... RETURNING answers [rows, count] through TypeORM's postgres driver
  const rows =
    Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
      ? (result[0] as unknown[])
      : (result as unknown[]);
  return rows.map((row) => schema.parse(row));
}

/** The raw rows of a query builder (aggregates, computed columns), parsed by a zod row schema. */
export async function typedRaw<S extends z.ZodType>(
  qb: SelectQueryBuilder<ObjectLiteral>,
  schema: S,
): Promise<z.output<S>[]> {
  const rows: unknown[] = await qb.getRawMany();
  return rows.map((row) => schema.parse(row));
}

/** A `numeric` column as a number (the pg driver answers numerics as strings). */
export const numericColumn = {
  to: (value: number | null | undefined): number | null | undefined => value,
  from: (value: string | null): number | null => (value === null ? null : Number(value)),
};
