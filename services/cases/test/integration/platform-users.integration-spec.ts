import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, CASES_API, type Case, type MarketplaceChange } from '@rayworks/contracts';
import { eventually, marketplaceRadiologist, type TestPlatformOperator } from '@rayworks/testing';
import { actionsTenant, api, arrive, caseOf, signIn, StudyEvents, type ActionsTenant } from './actions-support.js';

/**
 * Issue 20, item 9 (docs/decisions/0201): the platform's users (marketplace radiologists: no company) were dead letters
 * in cases ("UserUpdated without a tenant"), so a company's worklist could not name the marketplace radiologist
 * reading its case. Cases keeps them in its directory as rows of no company that every company reads: the company
 * sees the name of the marketplace radiologist who took its case, on the case and in its worklist.
 */
describe('platform users in the cases directory', () => {
  let t: ActionsTenant;
  let admin: Credentials;
  let reader: TestPlatformOperator;
  let readerSession: Credentials;
  const events = new StudyEvents();

  beforeAll(async () => {
    t = await actionsTenant('plu');
    await events.start();
    reader = await marketplaceRadiologist('plu');
    admin = await signIn(t, 'admin');
    readerSession = credentialsOf(
      await api.call(AUTH_API.login, {}, { headers: loginHeaders(reader.loginName, reader.password) }),
    );
  }, 90_000);

  afterAll(async () => {
    await events.stop();
  });

  it("names the marketplace radiologist who took a company's case, on the case and in the worklist", async () => {
    const fresh: Case = await caseOf(admin, await arrive(events, t, 'c1'));
    const offered = await api.reply(CASES_API.offerToMarketplace, { _id: fresh._id, version: fresh.version } as never, {
      session: admin,
    });
    expect(offered.status).toBe(200);
    const c = (offered.body.data as MarketplaceChange).case;
    const taken = await api.reply(
      CASES_API.acceptOffer,
      { _id: c._id, version: c.version },
      { session: readerSession },
    );
    expect(taken.status).toBe(200);
    const name = 'Marketplace Radiologist plu';
    const seen = await eventually(
      () => caseOf(admin, c._id),
      (x) => x.radiologistName === name,
      { what: "the marketplace radiologist's name on the company's case", timeoutMs: 30_000 },
    );
    expect(seen).toMatchObject({ radiologistId: reader.userId, radiologistName: name });
    const rows = await api.call(CASES_API.findCases, { ids: [c._id] } as never, { session: admin });
    const row = rows.find((x) => x._id === c._id);
    expect(row).toMatchObject({ radiologistId: reader.userId, radiologistName: name });
  });
});
