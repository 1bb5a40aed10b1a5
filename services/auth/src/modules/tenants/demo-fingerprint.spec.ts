import { describe, expect, it } from '@jest/globals';
import { DEMO_TENANT } from './demo-tenant.js';
import { demoDifferences, seededBy, type DemoFingerprint } from './demo-fingerprint.js';

const clean = (): DemoFingerprint => ({
  tenantId: 'demo',
  rows: { 'auth.users': 13, 'auth.groups': 2, 'auth.outbox': 19 },
  contents: { 'auth.users': 'a1', 'auth.groups': 'b2' },
  seeded: seededBy(DEMO_TENANT),
});

describe('the demo tenant check after npm test', () => {
  it('finds nothing when the demo holds exactly its seed and the run wrote nothing', () => {
    expect(demoDifferences(DEMO_TENANT, clean(), clean())).toEqual([]);
  });

  it('names a table a test wrote rows into, even one the seed does not write (sessions)', () => {
    const after = clean();
    after.rows['auth.users'] = 14;
    after.rows['auth.sessions'] = 2;
    expect(demoDifferences(DEMO_TENANT, clean(), after)).toEqual([
      'auth.sessions: 2 rows of the demo tenant after the tests, 0 before',
      'auth.users: 14 rows of the demo tenant after the tests, 13 before',
    ]);
  });

  it('names a table whose rows a test changed in place (a demo user renamed, a session renewed)', () => {
    const after = clean();
    after.contents!['auth.users'] = 'a2';
    expect(demoDifferences(DEMO_TENANT, clean(), after)).toEqual([
      'auth.users: rows of the demo tenant changed during the tests',
    ]);
  });

  it('names records the seed does not make, even when they were there before the run', () => {
    const polluted = clean();
    polluted.seeded.users = [...polluted.seeded.users, 'e2e.esha'].sort();
    polluted.seeded.groups = [...polluted.seeded.groups, 'GE2E1'].sort();
    polluted.seeded.customRoles = 1;
    expect(demoDifferences(DEMO_TENANT, polluted, polluted)).toEqual([
      'groups not made by the seed: GE2E1',
      'users not made by the seed: e2e.esha',
      'roles not made by the seed: 1',
    ]);
  });

  it('names seeded records that are gone', () => {
    const after = clean();
    after.seeded.centres = after.seeded.centres.filter((c) => c !== 'SUNRISE');
    expect(demoDifferences(DEMO_TENANT, clean(), after)).toEqual(['centres of the seed missing: SUNRISE']);
  });
});
