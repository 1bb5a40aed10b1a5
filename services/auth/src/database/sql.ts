import type { EntityManager } from 'typeorm';
import type { ListQuery } from '@rayworks/contracts';

/** Positional parameters for one SQL statement: `p.add(value)` returns its placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** An ILIKE pattern matching the text anywhere, with the wildcards of the text escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ORDER BY from a whitelist of sortable fields (anything else falls back), always ending on the id for a stable order. */
export function orderBy(
  query: Pick<ListQuery, 'sortBy' | 'sortDir'>,
  sortable: Record<string, string>,
  fallback: string,
  idColumn: string,
): string {
  const column = (query.sortBy && sortable[query.sortBy]) || sortable[fallback]!;
  const dir = query.sortDir === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${column} ${dir} NULLS LAST, ${idColumn} ${dir}`;
}

export const limitOffset = (query: Pick<ListQuery, 'page' | 'pageSize'>, p: SqlParams): string =>
  `LIMIT ${p.add(query.pageSize)} OFFSET ${p.add((query.page - 1) * query.pageSize)}`;

export type Row = Record<string, unknown>;

/** The rows of a statement; for UPDATE/DELETE ... RETURNING TypeORM answers [rows, count], which this unwraps. */
export async function rows<T = Row>(m: EntityManager, sql: string, p: SqlParams | unknown[] = []): Promise<T[]> {
  const result = (await m.query(sql, Array.isArray(p) ? p : p.values)) as unknown;
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as T[];
  return result as T[];
}

export async function one<T = Row>(m: EntityManager, sql: string, p: SqlParams | unknown[] = []): Promise<T | null> {
  const found = await rows<T>(m, sql, p);
  return found[0] ?? null;
}

/** Rows changed by an UPDATE/DELETE through TypeORM's postgres driver ([rows, count]). */
export async function execute(m: EntityManager, sql: string, p: SqlParams | unknown[] = []): Promise<number> {
  const result = (await m.query(sql, Array.isArray(p) ? p : p.values)) as unknown;
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
export const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Postgres unique violation (23505), to turn into a clear 400. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (constraint === undefined || String((error as { constraint?: string }).constraint ?? '').includes(constraint));
