import { BadRequestException } from '@nestjs/common';
import { ALL_STATUSES_TAB, CASE_PRIORITIES, type CaseListBody, type CaseSortKey } from '@rayworks/contracts';
import type { QueryParams } from '@rayworks/nest-kit';

/**
 * The worklist's query, as SQL parts over the case alias `c` (pure: unit-tested without a database;
 * docs/decisions/0118-worklist-queries.md). The filters, the order, and the keyset cursor of deep pages.
 */

/** The filters of /cases/get and /cases/find (the list body without paging). */
export type CaseFilter = Partial<
  Pick<
    CaseListBody,
    | 'status'
    | 'receivedFrom'
    | 'receivedTo'
    | 'modality'
    | 'centreId'
    | 'radiologistId'
    | 'priority'
    | 'workflowType'
    | 'legends'
    | 'search'
  >
>;

/** A sort key's SQL: its expression, the SQL type of its cursor value, whether it can be null. */
interface SortColumn {
  expr: string;
  type: 'timestamptz' | 'text' | 'int';
  nullable: boolean;
}

const priorityOrder = `array_position(ARRAY[${CASE_PRIORITIES.map((p) => `'${p}'`).join(', ')}]::text[], c.priority::text)`;

/** The contract's sort keys → SQL (the only way a sort reaches SQL). Priority sorts by urgency, EMERGENT first. */
export const CASE_SORT_COLUMNS: Readonly<Record<CaseSortKey, SortColumn>> = {
  receivedAt: { expr: 'c.received_at', type: 'timestamptz', nullable: false },
  dueAt: { expr: 'c.due_at', type: 'timestamptz', nullable: true },
  patientName: { expr: 'c.patient_name', type: 'text', nullable: false },
  status: { expr: 'c.status', type: 'text', nullable: false },
  modality: { expr: 'c.modality', type: 'text', nullable: true },
  priority: { expr: priorityOrder, type: 'int', nullable: false },
};

/** The upper bound of a prefix range: the prefix with its last character raised (null when it cannot be). */
export function prefixUpperBound(prefix: string): string | null {
  if (prefix.length === 0) return null;
  const last = prefix.charCodeAt(prefix.length - 1);
  if (last >= 0xffff) return null;
  return `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
}

/**
 * The searched columns (upper-cased, stored): the name (family name first), its given names, the patient ID, the
 * accession number. `walked`: carried by the index cases_received_search (the company's cases newest first), so a
 * common prefix of it is found by walking that index. Identifiers are not: they are handed out in order, so the
 * matches of a prefix of one sit together in time, often far from the newest (a walk from the newest would pass
 * most of the company first); their few matches are read by their prefix index (docs/decisions/0193).
 */
export const SEARCH_COLUMNS = [
  { column: 'c.patient_name_upper', walked: true },
  { column: 'c.patient_given_upper', walked: true },
  { column: 'c.patient_id_upper', walked: false },
  { column: 'c.accession_upper', walked: false },
] as const;

/** One searched column's condition: the prefix range on it, and whether its index can be walked in time order. */
export interface SearchRange {
  sql: string;
  walked: boolean;
}

/**
 * Free text: the start of the patient's name (family name first, as DICOM writes it), of its given names, of the
 * patient ID or of the accession number, case-insensitively — one range per searched column (null: nothing to
 * search for), on an upper-cased column with the leakproof `~>=~` / `~<~` operators, so under row-level security
 * each is an index condition (docs/decisions/0193-worklist-search.md).
 */
export function searchRangesSql(text: string, p: QueryParams): SearchRange[] | null {
  const prefix = text.trim().toUpperCase();
  const upper = prefixUpperBound(prefix);
  if (upper === null) return null;
  const lo = p.add(prefix);
  const hi = p.add(upper);
  return SEARCH_COLUMNS.map(({ column, walked }) => ({
    sql: `(${column} ~>=~ ${lo} AND ${column} ~<~ ${hi})`,
    walked,
  }));
}

/** Free text as one condition: a match on any searched column (a query that reads every match uses it). */
export function searchSql(text: string, p: QueryParams): string | null {
  const ranges = searchRangesSql(text, p);
  return ranges === null ? null : `(${ranges.map((r) => r.sql).join(' OR ')})`;
}

/**
 * The cases of a page of a free-text search, as one condition on `c.id` (docs/decisions/0193-worklist-search.md):
 * for each searched column, the first `limit` cases in the list's order that match it and every other condition
 * (`where`: the reach, the filters, the cursor). The first `limit` cases of the whole search are among their union
 * (a case of rank r among all matches has a rank ≤ r among its column's matches), so the outer query, with the same
 * conditions, order and `limit`, answers the same rows in the same order as the OR of the ranges. A case matching
 * two columns is twice in the union, once in the answer (IN).
 *
 * A walked column in the newest-first order is a plain subquery: the planner may walk cases_received_search newest
 * first, testing the column in each index entry, and stop after `limit` matches (a common name prefix: 50 rows read,
 * not 7,700), or read a rare prefix's few matches by its prefix index and sort them. `walks`: sets of conditions
 * whose OR is `where` (a radiologist's own cases, and its review queue), one walked branch per set, so each walks
 * its own index (cases_radiologist_search) instead of the company's (the same argument: a case's rank among its
 * set's matches is ≤ its rank among all). Any other column or order is fenced (OFFSET 0: its matches are read by its
 * own index, then the first `limit` kept), so no walk in another order can pass most of the company to reach matches
 * that sit together elsewhere in it — as every match was read before.
 */
export function searchedIdsSql(
  ranges: readonly SearchRange[],
  where: readonly string[],
  sortBy: CaseSortKey,
  sortDir: 'asc' | 'desc',
  limit: number,
  walks: readonly (readonly string[])[] = [where],
): string {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`searchedIdsSql: limit ${limit}`);
  const [[sortExpr, dir, nulls], [idExpr]] = orderSql(sortBy, sortDir) as [OrderTerm, OrderTerm];
  const tail = nulls ? ` ${nulls}` : '';
  const subqueries = ranges.flatMap(({ sql, walked }) => {
    if (walked && sortBy === 'receivedAt')
      return walks.map(
        (set) =>
          `(SELECT c.id FROM cases.cases c WHERE ${[...set, sql].join(' AND ')} ORDER BY ${sortExpr} ${dir}${tail}, ${idExpr} ${dir} LIMIT ${limit})`,
      );
    return [
      `(SELECT f.id FROM (SELECT c.id, ${sortExpr} AS k FROM cases.cases c WHERE ${[...where, sql].join(' AND ')} OFFSET 0) f ` +
        `ORDER BY f.k ${dir}${tail}, f.id ${dir} LIMIT ${limit})`,
    ];
  });
  return `c.id IN (${subqueries.join(' UNION ALL ')})`;
}

/** The filter as SQL conditions (ANDed), with their parameters added to `p`. */
export function caseFilterSql(f: CaseFilter, p: QueryParams): string[] {
  const parts: string[] = [];
  if (f.status && f.status !== ALL_STATUSES_TAB) parts.push(`c.status = ${p.add(f.status)}`);
  if (f.receivedFrom) parts.push(`c.received_at >= ${p.add(f.receivedFrom)}::timestamptz`);
  if (f.receivedTo) parts.push(`c.received_at < ${p.add(f.receivedTo)}::timestamptz`);
  if (f.modality) parts.push(`c.modality = ${p.add(f.modality)}`);
  if (f.centreId) parts.push(`c.centre_id = ${p.add(f.centreId)}`);
  if (f.radiologistId) parts.push(`c.radiologist_id = ${p.add(f.radiologistId)}`);
  if (f.priority) parts.push(`c.priority = ${p.add(f.priority)}`);
  if (f.workflowType) parts.push(`c.workflow_type = ${p.add(f.workflowType)}`);
  if (f.legends && f.legends.length > 0) parts.push(`c.legends @> ${p.add(f.legends)}::text[]`);
  if (f.search) {
    const search = searchSql(f.search, p);
    if (search) parts.push(search);
  }
  return parts;
}

/** Can the maintained counts answer this filter's total (only their dimensions are set)? */
export const countableFilter = (f: CaseFilter): boolean =>
  !f.receivedFrom && !f.receivedTo && !(f.legends && f.legends.length > 0) && !f.search;

/** The keyset cursor: the last row's sort value (as SQL text) and id, for one sort key and direction. */
export interface CaseCursor {
  sortBy: CaseSortKey;
  sortDir: 'asc' | 'desc';
  value: string | null;
  id: string;
}

export const encodeCursor = (c: CaseCursor): string =>
  Buffer.from(JSON.stringify([c.sortBy, c.sortDir, c.value, c.id]), 'utf8').toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor of a request, checked against its sort: a cursor of another sort or a forged one is a 400. */
export function decodeCursor(text: string, sortBy: CaseSortKey, sortDir: 'asc' | 'desc'): CaseCursor {
  const bad = () => new BadRequestException('cursor: not a cursor of this list and sort');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw bad();
  const [key, dir, value, id] = parsed as unknown[];
  if (key !== sortBy || dir !== sortDir) throw bad();
  if (!(value === null || typeof value === 'string') || typeof id !== 'string' || !UUID.test(id)) throw bad();
  if (value === null && !CASE_SORT_COLUMNS[sortBy].nullable) throw bad();
  return { sortBy, sortDir, value, id };
}

/**
 * The rows after the cursor in the list's order (NULLS LAST both ways, then id). A key that is never null is one
 * row comparison, which the index of that order reads directly.
 */
export function afterCursorSql(cursor: CaseCursor, p: QueryParams): string {
  const col = CASE_SORT_COLUMNS[cursor.sortBy];
  const op = cursor.sortDir === 'desc' ? '<' : '>';
  const id = `${p.add(cursor.id)}::uuid`;
  if (cursor.value === null) return `(${col.expr} IS NULL AND c.id ${op} ${id})`;
  const v = `${p.add(cursor.value)}::${col.type}`;
  if (!col.nullable) return `((${col.expr}), c.id) ${op} (${v}, ${id})`;
  return `(${col.expr} ${op} ${v} OR (${col.expr} = ${v} AND c.id ${op} ${id}) OR ${col.expr} IS NULL)`;
}

/** One term of an ORDER BY: expression, direction, nulls. */
type OrderTerm = [string, 'ASC' | 'DESC', 'NULLS LAST' | undefined];

/** ORDER BY of the list: the sort key (NULLS LAST where it can be null), then the id, in the same direction. */
export function orderSql(sortBy: CaseSortKey, sortDir: 'asc' | 'desc'): OrderTerm[] {
  const dir = sortDir === 'desc' ? 'DESC' : 'ASC';
  // NULLS LAST only where the key can be null: DESC NULLS LAST is not the order of a DESC index (NULLS FIRST)
  return [
    [CASE_SORT_COLUMNS[sortBy].expr, dir, CASE_SORT_COLUMNS[sortBy].nullable ? 'NULLS LAST' : undefined],
    ['c.id', dir, undefined],
  ];
}

/** The cursor value of a row: its sort expression as SQL text (exact: a timestamp keeps its microseconds). */
export const cursorValueSql = (sortBy: CaseSortKey): string => `(${CASE_SORT_COLUMNS[sortBy].expr})::text`;
