import type { TenantSpec } from '@rayworks/contracts';

/**
 * What the demo tenant holds, to prove after `npm test` that no test wrote into it (docs/decisions/0046):
 * - `rows`: its rows in every table that has a tenant_id column, and the events it published (every schema's
 *   outbox), by "schema.table"; `contents`: a hash of those rows' content, so a row changed in place shows too;
 * - `seeded`: the codes and login names of the records the seed makes (groups, centres, users) and the count of
 *   roles that are not the seed's system roles.
 */
export interface DemoFingerprint {
  tenantId: string;
  rows: Record<string, number>;
  /**
   * A hash of the content of its rows per table (not of outboxes, whose rows the relay marks published); compared
   * only for tables present before and after (tests make and drop schemas of their own).
   */
  contents?: Record<string, string>;
  seeded: { groups: string[]; centres: string[]; users: string[]; customRoles: number };
}

/** The seeded part a tenant must hold when it holds exactly a spec's seed. */
export function seededBy(spec: TenantSpec): DemoFingerprint['seeded'] {
  const sorted = (values: string[]) => [...values].sort();
  return {
    groups: sorted((spec.groups ?? []).map((g) => g.code)),
    centres: sorted((spec.centres ?? []).map((c) => c.code)),
    users: sorted((spec.users ?? []).map((u) => u.loginName.toLowerCase())),
    customRoles: (spec.roles ?? []).length,
  };
}

const listDiff = (what: string, expected: string[], actual: string[]): string[] => {
  const extra = actual.filter((v) => !expected.includes(v));
  const missing = expected.filter((v) => !actual.includes(v));
  return [
    ...(extra.length ? [`${what} not made by the seed: ${extra.join(', ')}`] : []),
    ...(missing.length ? [`${what} of the seed missing: ${missing.join(', ')}`] : []),
  ];
};

/**
 * Every way the demo tenant now differs from the seed and from the fingerprint taken before the tests (empty: it
 * holds exactly its seed and nothing was written into it during the run).
 */
export function demoDifferences(spec: TenantSpec, before: DemoFingerprint, after: DemoFingerprint): string[] {
  const expected = seededBy(spec);
  const out: string[] = [];
  if (before.tenantId !== after.tenantId)
    out.push(`the demo tenant was replaced (${before.tenantId} → ${after.tenantId})`);
  out.push(...listDiff('groups', expected.groups, after.seeded.groups));
  out.push(...listDiff('centres', expected.centres, after.seeded.centres));
  out.push(...listDiff('users', expected.users, after.seeded.users));
  if (after.seeded.customRoles !== expected.customRoles)
    out.push(`roles not made by the seed: ${after.seeded.customRoles - expected.customRoles}`);
  for (const table of [...new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])].sort()) {
    const was = before.rows[table] ?? 0;
    const now = after.rows[table] ?? 0;
    if (was !== now) out.push(`${table}: ${now} rows of the demo tenant after the tests, ${was} before`);
    else if (
      before.contents?.[table] !== undefined &&
      after.contents?.[table] !== undefined &&
      before.contents[table] !== after.contents[table]
    )
      out.push(`${table}: rows of the demo tenant changed during the tests`);
  }
  return out;
}
