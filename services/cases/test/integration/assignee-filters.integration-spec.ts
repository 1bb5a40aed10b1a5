import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { AUTH_API, CASES_API, type CaseAssignee } from '@rayworks/contracts';
import { eventually, tenantQuery } from '@rayworks/testing';
import { actionsTenant, api, signIn, usersKnown, type ActionsTenant } from './actions-support.js';

/**
 * The assign picker's filters against the running system (gateway, auth and its user events, the cases service's
 * read model, PostgreSQL): /cases/assignees keeps a centre's radiologists to a specialization they read and to an
 * availability, lists every specialization to choose from, and answers 404 for a centre out of the caller's reach
 * whatever the filter (docs/decisions/0349-assign-confirmation-and-picker.md).
 */
describe("the assign picker's specialization and availability filters", () => {
  let t: ActionsTenant;
  let gca: Credentials;
  let R: string;
  let R2: string;
  let JR: string;

  const picker = (session: Credentials, centreId: string, filter: object = {}) =>
    api.reply(CASES_API.caseAssignees, { centreId, as: 'radiologist', ...filter } as never, { session });
  const listed = async (filter: object) => {
    const reply = await picker(gca, t.centres.c1!, filter);
    expect(reply.status).toBe(200);
    return reply.body.data as { assignees: CaseAssignee[]; specializations: string[] };
  };

  beforeAll(async () => {
    t = await actionsTenant('pick');
    R = t.users[t.login('radiologist')]!;
    R2 = t.radiologist2;
    JR = t.users[t.login('jr.radiologist')]!;
    await usersKnown(t, [R, R2, JR]);
    const [radiologist, radiologist2] = await Promise.all([signIn(t, 'radiologist'), signIn(t, 'radiologist2')]);
    gca = await signIn(t, 'gca');
    // R reads neuro and MR and is online; R2 reads CT and stays offline; the junior lists nothing (reads everything)
    for (const [session, specialization] of [
      [radiologist, ['Neuro', 'MR']],
      [radiologist2, ['CT']],
    ] as const)
      expect(
        (await api.reply(AUTH_API.setSpecialization, { specialization: [...specialization] }, { session })).status,
      ).toBe(200);
    await api.call(AUTH_API.online, {}, { session: radiologist, params: { userId: R } });
    await eventually(
      () =>
        tenantQuery<{ id: string; specializations: string[]; is_available: boolean }>(
          t.tenantId,
          `SELECT id, specializations, is_available FROM cases.users WHERE id = ANY($1)`,
          [[R, R2]],
        ),
      (rows) =>
        rows.some((r) => r.id === R && r.is_available && r.specializations.includes('Neuro')) &&
        rows.some((r) => r.id === R2 && r.specializations.includes('CT')),
      { what: 'the specializations and availability in the read model' },
    );
  }, 120_000);

  it('lists everyone without a filter, and every specialization of the centre once', async () => {
    const all = await listed({});
    expect(all.assignees.map((a) => a.id)).toEqual(expect.arrayContaining([R, R2, JR]));
    // online first
    expect(all.assignees[0]!.id).toBe(R);
    expect(all.specializations).toEqual(['CT', 'MR', 'Neuro']);
  });

  it('keeps who reads the specialization (case-insensitive; who lists none reads everything)', async () => {
    const neuro = await listed({ specialization: 'neuro' });
    expect(neuro.assignees.map((a) => a.id).sort()).toEqual([R, JR].sort());
    const ct = await listed({ specialization: 'CT' });
    expect(ct.assignees.map((a) => a.id).sort()).toEqual([R2, JR].sort());
    // the choices stay whole whatever the filter
    expect(ct.specializations).toEqual(['CT', 'MR', 'Neuro']);
  });

  it('keeps who is online, or offline, and both filters together', async () => {
    expect((await listed({ availability: 'ONLINE' })).assignees.map((a) => a.id)).toEqual([R]);
    const offline = (await listed({ availability: 'OFFLINE' })).assignees;
    expect(offline.map((a) => a.id).sort()).toEqual([R2, JR].sort());
    expect(offline.every((a) => !a.isAvailable)).toBe(true);
    expect((await listed({ specialization: 'CT', availability: 'ONLINE' })).assignees).toEqual([]);
    expect((await listed({ specialization: 'MR', availability: 'ONLINE' })).assignees.map((a) => a.id)).toEqual([R]);
  });

  it('answers 404 for a centre out of reach whatever the filter, 400 for an unknown availability', async () => {
    // the group-centre admin reaches c1 only
    for (const filter of [{}, { availability: 'ONLINE' }, { specialization: 'CT' }])
      expect((await picker(gca, t.centres.c2!, filter)).status).toBe(404);
    expect((await picker(gca, t.centres.c1!, { availability: 'AWAY' })).status).toBe(400);
    expect((await picker(gca, t.centres.c1!, { specialization: '' })).status).toBe(400);
  });
});
