import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { caseListBody } from '@rayworks/contracts';
import { QueryParams } from '@rayworks/nest-kit';
import {
  afterCursorSql,
  caseFilterSql,
  countableFilter,
  decodeCursor,
  encodeCursor,
  orderSql,
  prefixUpperBound,
  searchedIdsSql,
  searchRangesSql,
  searchSql,
} from './case-query.js';

const ID = '0190a5c4-1111-7000-8000-000000000001';

describe('the worklist query builder', () => {
  it('turns every filter into a parameterised condition (values never in the SQL text)', () => {
    const p = new QueryParams();
    const body = caseListBody.parse({
      status: 'NEW',
      receivedFrom: '2026-01-01T00:00:00Z',
      receivedTo: '2026-02-01T00:00:00+05:30',
      modality: 'ct',
      centreId: ID,
      radiologistId: ID,
      priority: 'STAT',
      workflowType: 'Center',
      legends: ['Emergency', 'MLC'],
      search: "o'brien",
    });
    const parts = caseFilterSql(body, p);
    expect(parts).toEqual([
      'c.status = :p0',
      'c.received_at >= :p1::timestamptz',
      'c.received_at < :p2::timestamptz',
      'c.modality = :p3',
      'c.centre_id = :p4',
      'c.radiologist_id = :p5',
      'c.priority = :p6',
      'c.workflow_type = :p7',
      'c.legends @> :p8::text[]',
      expect.stringContaining('c.patient_name_upper ~>=~ :p9 AND c.patient_name_upper ~<~ :p10'),
    ]);
    expect(parts.join(' ')).not.toContain('brien');
    expect(p.values).toMatchObject({ p0: 'NEW', p3: 'CT', p8: ['Emergency', 'MLC'], p9: "O'BRIEN", p10: "O'BRIEO" });
  });

  it('the ALL tab and an empty body filter nothing', () => {
    expect(caseFilterSql(caseListBody.parse({}), new QueryParams())).toEqual([]);
    expect(caseFilterSql(caseListBody.parse({ status: 'ALL' }), new QueryParams())).toEqual([]);
  });

  it('free text is a prefix range on the name, the given names, the patient ID and the accession (index-backed)', () => {
    const p = new QueryParams();
    const sql = searchSql(' doe ', p)!;
    for (const col of ['patient_name_upper', 'patient_given_upper', 'patient_id_upper', 'accession_upper'])
      expect(sql).toContain(`(c.${col} ~>=~ :p0 AND c.${col} ~<~ :p1)`);
    expect(sql).not.toMatch(/LIKE/i);
    expect(p.values).toEqual({ p0: 'DOE', p1: 'DOF' });
    expect(prefixUpperBound('')).toBeNull();
    expect(searchSql('   ', new QueryParams())).toBeNull();
  });

  it('free text is one prefix range per searched column; only the name columns may be walked in time order', () => {
    const p = new QueryParams();
    const ranges = searchRangesSql(' Shar ', p)!;
    expect(ranges).toEqual([
      { sql: '(c.patient_name_upper ~>=~ :p0 AND c.patient_name_upper ~<~ :p1)', walked: true },
      { sql: '(c.patient_given_upper ~>=~ :p0 AND c.patient_given_upper ~<~ :p1)', walked: true },
      { sql: '(c.patient_id_upper ~>=~ :p0 AND c.patient_id_upper ~<~ :p1)', walked: false },
      { sql: '(c.accession_upper ~>=~ :p0 AND c.accession_upper ~<~ :p1)', walked: false },
    ]);
    expect(p.values).toEqual({ p0: 'SHAR', p1: 'SHAS' });
    expect(searchRangesSql('  ', new QueryParams())).toBeNull();
  });

  it("a search page is the union of each column's first rows in the list's order, under every other condition", () => {
    const p = new QueryParams();
    const where = ['c.tenant_id = :p0::uuid', 'c.status = :p1'];
    p.add(ID);
    p.add('NEW');
    const sql = searchedIdsSql(searchRangesSql('shar', p)!, where, 'receivedAt', 'desc', 151);
    expect(sql.startsWith('c.id IN (')).toBe(true);
    const branches = sql.slice('c.id IN ('.length, -1).split(' UNION ALL ');
    expect(branches).toHaveLength(4);
    // the name columns: a plain subquery in the list's order, so an index can be walked newest first and stop
    expect(branches[0]).toBe(
      '(SELECT c.id FROM cases.cases c WHERE c.tenant_id = :p0::uuid AND c.status = :p1 AND ' +
        '(c.patient_name_upper ~>=~ :p2 AND c.patient_name_upper ~<~ :p3) ORDER BY c.received_at DESC, c.id DESC LIMIT 151)',
    );
    expect(branches[1]).toContain('c.patient_given_upper ~>=~ :p2');
    expect(branches[1]).toContain('ORDER BY c.received_at DESC, c.id DESC LIMIT 151)');
    // identifiers: fenced (OFFSET 0), their matches read by their own index, then the first rows kept
    expect(branches[2]).toBe(
      '(SELECT f.id FROM (SELECT c.id, c.received_at AS k FROM cases.cases c WHERE c.tenant_id = :p0::uuid AND ' +
        'c.status = :p1 AND (c.patient_id_upper ~>=~ :p2 AND c.patient_id_upper ~<~ :p3) OFFSET 0) f ' +
        'ORDER BY f.k DESC, f.id DESC LIMIT 151)',
    );
    expect(branches[3]).toContain('OFFSET 0) f ORDER BY f.k DESC, f.id DESC LIMIT 151)');
    expect(p.values).toEqual({ p0: ID, p1: 'NEW', p2: 'SHAR', p3: 'SHAS' });
  });

  it('in any other order every branch is fenced, keeping NULLS LAST of a nullable key', () => {
    const sql = searchedIdsSql(searchRangesSql('doe', new QueryParams())!, ['TRUE'], 'dueAt', 'asc', 11);
    expect(sql).not.toContain('ORDER BY c.');
    expect(sql.match(/OFFSET 0\) f ORDER BY f\.k ASC NULLS LAST, f\.id ASC LIMIT 11\)/g)).toHaveLength(4);
    expect(sql).toContain('SELECT c.id, c.due_at AS k FROM cases.cases c WHERE TRUE AND (c.patient_name_upper');
    expect(() => searchedIdsSql([], ['TRUE'], 'receivedAt', 'desc', 0)).toThrow(RangeError);
    // walks (a radiologist's own cases, its review queue): a walked branch per set and name column; the fenced
    // identifier branches keep the whole condition
    const ranges = searchRangesSql('doe', new QueryParams())!;
    const parts = searchedIdsSql(ranges, ['A OR B'], 'receivedAt', 'desc', 11, [['A'], ['B']])
      .slice('c.id IN ('.length, -1)
      .split(' UNION ALL ');
    expect(parts).toHaveLength(6);
    expect(parts[0]).toContain('WHERE A AND (c.patient_name_upper');
    expect(parts[1]).toContain('WHERE B AND (c.patient_name_upper');
    expect(parts[3]).toContain('WHERE B AND (c.patient_given_upper');
    expect(parts[4]).toContain('WHERE A OR B AND (c.patient_id_upper');
  });

  it('gives a total from the maintained counts only for their dimensions', () => {
    expect(countableFilter(caseListBody.parse({ status: 'NEW', centreId: ID, modality: 'CT', priority: 'STAT' }))).toBe(
      true,
    );
    expect(countableFilter(caseListBody.parse({ search: 'doe' }))).toBe(false);
    expect(countableFilter(caseListBody.parse({ receivedFrom: '2026-01-01T00:00:00Z' }))).toBe(false);
    expect(countableFilter(caseListBody.parse({ legends: ['MLC'] }))).toBe(false);
  });

  it('orders by the sort key (NULLS LAST only where it can be null, so a DESC index serves it), then the id', () => {
    expect(orderSql('receivedAt', 'desc')).toEqual([
      ['c.received_at', 'DESC', undefined],
      ['c.id', 'DESC', undefined],
    ]);
    expect(orderSql('dueAt', 'asc')).toEqual([
      ['c.due_at', 'ASC', 'NULLS LAST'],
      ['c.id', 'ASC', undefined],
    ]);
    expect(orderSql('priority', 'asc')[0]![0]).toContain("array_position(ARRAY['EMERGENT', 'STAT', 'ROUTINE']");
  });

  it('a keyset cursor round-trips and reads after the last row as one row comparison for a non-null key', () => {
    const text = encodeCursor({
      sortBy: 'receivedAt',
      sortDir: 'desc',
      value: '2026-01-01 10:00:00.123456+00',
      id: ID,
    });
    const cursor = decodeCursor(text, 'receivedAt', 'desc');
    const p = new QueryParams();
    expect(afterCursorSql(cursor, p)).toBe('((c.received_at), c.id) < (:p1::timestamptz, :p0::uuid)');
    expect(p.values).toEqual({ p0: ID, p1: '2026-01-01 10:00:00.123456+00' });
    const asc = decodeCursor(
      encodeCursor({ ...cursor, sortBy: 'patientName', sortDir: 'asc', value: 'DOE' }),
      'patientName',
      'asc',
    );
    expect(afterCursorSql(asc, new QueryParams())).toBe('((c.patient_name), c.id) > (:p1::text, :p0::uuid)');
  });

  it('a nullable key (due time) keeps NULLS LAST across pages', () => {
    const withValue = decodeCursor(
      encodeCursor({ sortBy: 'dueAt', sortDir: 'asc', value: '2026-01-01', id: ID }),
      'dueAt',
      'asc',
    );
    expect(afterCursorSql(withValue, new QueryParams())).toBe(
      '(c.due_at > :p1::timestamptz OR (c.due_at = :p1::timestamptz AND c.id > :p0::uuid) OR c.due_at IS NULL)',
    );
    const inNulls = decodeCursor(
      encodeCursor({ sortBy: 'dueAt', sortDir: 'desc', value: null, id: ID }),
      'dueAt',
      'desc',
    );
    expect(afterCursorSql(inNulls, new QueryParams())).toBe('(c.due_at IS NULL AND c.id < :p0::uuid)');
  });

  it('refuses a forged cursor or one of another sort with a 400', () => {
    const text = encodeCursor({ sortBy: 'receivedAt', sortDir: 'desc', value: 'x', id: ID });
    expect(() => decodeCursor(text, 'receivedAt', 'asc')).toThrow(BadRequestException);
    expect(() => decodeCursor(text, 'dueAt', 'desc')).toThrow(BadRequestException);
    expect(() => decodeCursor('not-a-cursor', 'receivedAt', 'desc')).toThrow(BadRequestException);
    const nullOnNonNull = encodeCursor({ sortBy: 'receivedAt', sortDir: 'desc', value: null, id: ID });
    expect(() => decodeCursor(nullOnNonNull, 'receivedAt', 'desc')).toThrow(BadRequestException);
    const badId = Buffer.from(JSON.stringify(['receivedAt', 'desc', 'x', "1' OR 1=1"])).toString('base64url');
    expect(() => decodeCursor(badId, 'receivedAt', 'desc')).toThrow(BadRequestException);
  });
});
