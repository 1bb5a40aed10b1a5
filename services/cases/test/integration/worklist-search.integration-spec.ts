import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { CASES_API, type Case } from '@rayworks/contracts';
import { eventually, everyRoleTenant, tenantQuery, type EveryRoleTenant } from '@rayworks/testing';
import { allPages, api, signIn } from './worklist-support.js';

/**
 * The worklist's free-text search as a union of per-column first pages (docs/decisions/0193-worklist-search.md),
 * against the running system: whatever plan PostgreSQL takes for it, a page answers exactly the cases the plain
 * definition (a match on the start of the family name, a given name, the patient ID or the accession number) gives,
 * in the list's order, through the cursor and page numbers, in a status tab, in another sort, under a radiologist's
 * reach, and in /cases/find — each case once, even when it matches two columns.
 */
jest.setTimeout(90_000);
let t: EveryRoleTenant;
const s: Record<string, Credentials> = {};
let prefix: string;
const created: string[] = [];

type Body = Parameters<typeof api.call<typeof CASES_API.getCases>>[1];
const get = (who: string, body: Body) => api.call(CASES_API.getCases, body, { session: s[who]! });
const ids = (items: Case[]) => items.map((c) => c._id);

/** The plain definition, straight from the table (owner inside the company): matches in the given order. */
async function expected(order: string, extra = 'TRUE'): Promise<string[]> {
  const rows = await tenantQuery<{ id: string }>(
    t.tenantId,
    `SELECT id FROM cases.cases
      WHERE (upper(patient_name) LIKE $1 || '%' OR upper(patient_name) LIKE '%^' || $1 || '%'
             OR upper(patient_id) LIKE $1 || '%' OR upper(coalesce(accession_number, '')) LIKE $1 || '%')
        AND ${extra}
      ORDER BY ${order}`,
    [prefix],
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await everyRoleTenant('search');
  s.admin = await signIn(t, 'admin');
  s.radiologist = await signIn(t, 'radiologist');
  prefix = `Q${Date.now().toString(36).toUpperCase()}`;
  // the cases' shapes, in turn: the prefix starts the family name, a given name, the patient ID, the accession
  // number, both family and given name; or it is inside a value without starting it (no match)
  const shapes = [
    (i: number) => ({ patientName: `${prefix}SON^ANNA`, patientId: `N${i}${prefix}` }),
    (i: number) => ({ patientName: `DOE^${prefix}INE`, patientId: `N${i}${prefix}` }),
    (i: number) => ({ patientName: 'ROE^ALEX', patientId: `${prefix.toLowerCase()}-${i}` }),
    (i: number) => ({ patientName: 'ROE^BEA', patientId: `N${i}${prefix}`, accessionNumber: `${prefix}A${i}` }),
    (i: number) => ({ patientName: `${prefix}^${prefix}`, patientId: `N${i}${prefix}` }),
    (i: number) => ({ patientName: `X${prefix}^ZED`, patientId: `Z${prefix}${i}`, accessionNumber: `A${prefix}` }),
  ];
  for (let i = 0; i < 24; i++) {
    const centreId = i % 2 === 0 ? t.centres.c1! : t.centres.c2!;
    const body = { ...shapes[i % shapes.length]!(i), modality: 'CT', centreId };
    // the centre reaches the cases service's read model by an event: retried until it is there
    const c = await eventually(
      () => api.call(CASES_API.createWorklistCase, body, { session: s.admin! }).catch(() => null),
      (r) => r !== null,
      { what: 'a registration in a known centre' },
    );
    created.push(c!._id);
  }
  // received times that interleave the shapes (a scrambled order), two cases at the same instant (the id decides),
  // half of them NEW
  for (const [i, id] of created.entries()) {
    const minutes = i === 7 ? (11 * 13) % 24 : (i * 13) % 24;
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.cases SET received_at = date_trunc('second', now()) - make_interval(mins => $2),
              status = CASE WHEN $3 THEN 'NEW' ELSE status END WHERE id = $1`,
      [id, minutes, i % 2 === 1],
    );
  }
}, 180_000);

describe('free-text search pages', () => {
  it('newest first: every match once, in order, by cursor and by page number, without a total', async () => {
    const want = await expected('received_at DESC, id DESC');
    expect(want).toHaveLength(20); // five matching shapes of six, four cases each
    const body = { search: prefix.toLowerCase(), pageSize: 3 };
    const byCursor = await allPages(s.admin!, body);
    expect(byCursor).toEqual(want);
    const pages = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((page) => get('admin', { ...body, page })));
    expect(pages.flatMap((p) => ids(p.items))).toEqual(want);
    for (const p of pages) expect(p.total).toBeNull();
    expect(pages[6]!.nextCursor).toBeNull();
    // a case whose family and given names both start with the prefix is there once
    const both = await tenantQuery<{ id: string }>(t.tenantId, 'SELECT id FROM cases.cases WHERE patient_name = $1', [
      `${prefix}^${prefix}`,
    ]);
    expect(both).toHaveLength(4);
    for (const { id } of both) expect(byCursor.filter((x) => x === id)).toHaveLength(1);
  });

  it('in a status tab and a centre, and sorted by another key, the same rows as the plain definition', async () => {
    const tab = await allPages(s.admin!, { search: prefix, status: 'NEW', pageSize: 4 });
    expect(tab).toEqual(await expected('received_at DESC, id DESC', `status = 'NEW'`));
    expect(tab.length).toBeGreaterThan(0);
    const centre = await allPages(s.admin!, { search: prefix, centreId: t.centres.c2, pageSize: 4 });
    expect(centre).toEqual(await expected('received_at DESC, id DESC', `centre_id = '${t.centres.c2}'`));
    const byName = await allPages(s.admin!, { search: prefix, sortBy: 'patientName', sortDir: 'asc', pageSize: 5 });
    expect(byName).toEqual(await expected('patient_name ASC, id ASC'));
    const oldestFirst = await get('admin', { search: prefix, sortDir: 'asc', page: 2, pageSize: 6 });
    expect(ids(oldestFirst.items)).toEqual((await expected('received_at ASC, id ASC')).slice(6, 12));
  });

  it("a radiologist's search shows the cases assigned to it and its centres' review queue, in order", async () => {
    const want = await expected('received_at DESC, id DESC');
    const mine = [want[1]!, want[4]!, want[9]!];
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.cases SET radiologist_id = $1, status = 'IN PROGRESS' WHERE id = ANY($2::uuid[])`,
      [t.users[t.login('radiologist')], mine],
    );
    expect(await allPages(s.radiologist!, { search: prefix, pageSize: 2 })).toEqual(mine);
    // a case of its centres waiting for review (a junior's report) joins them, in the list's order: the search walks
    // its own cases and the queue apart (docs/decisions/0197) and merges them
    const [was] = await tenantQuery<{ status: string }>(t.tenantId, 'SELECT status FROM cases.cases WHERE id = $1', [
      want[6],
    ]);
    await tenantQuery(t.tenantId, `UPDATE cases.cases SET status = 'PENDING FOR REVIEW' WHERE id = $1`, [want[6]]);
    const withQueue = [want[1]!, want[4]!, want[6]!, want[9]!];
    expect(await allPages(s.radiologist!, { search: prefix, pageSize: 2 })).toEqual(withQueue);
    expect(ids((await get('radiologist', { search: prefix, page: 2, pageSize: 2 })).items)).toEqual(withQueue.slice(2));
    await tenantQuery(t.tenantId, 'UPDATE cases.cases SET status = $2 WHERE id = $1', [want[6], was!.status]);
  });

  it('/cases/find with free text answers the newest matches, at most its limit', async () => {
    const want = await expected('received_at DESC, id DESC');
    const found = await api.call(CASES_API.findCases, { search: prefix, limit: 7 }, { session: s.admin! });
    expect(ids(found)).toEqual(want.slice(0, 7));
  });
});
