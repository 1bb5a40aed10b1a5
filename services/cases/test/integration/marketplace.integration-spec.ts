import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASE_MESSAGES,
  CASES_API,
  MARKETPLACE_MESSAGES,
  type Case,
  type MarketplaceChange,
} from '@rayworks/contracts';
import { eventually, marketplaceRadiologist, tenantQuery, type TestPlatformOperator } from '@rayworks/testing';
import {
  actionsTenant,
  api,
  arrive,
  caseOf,
  eventsOf,
  signIn,
  StudyEvents,
  type ActionsTenant,
} from './actions-support.js';

/**
 * The marketplace against the running system: a company offers a case; marketplace radiologists of the platform (no
 * company) see that case and nothing else of the company — row-level security, also by direct id (404); two accept at
 * once → exactly one wins, the other gets the clear 409; a rejection, a withdrawal and the timeouts return it.
 */
describe('marketplace', () => {
  let t: ActionsTenant;
  const events = new StudyEvents();
  let admin: Credentials;
  let mp1: Credentials;
  let mp2: Credentials;
  let MP1: TestPlatformOperator;
  let MP2: TestPlatformOperator;

  const mpSignIn = async (who: TestPlatformOperator) =>
    credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(who.loginName, who.password) }));
  const fresh = async () => caseOf(admin, await arrive(events, t, 'c1'));
  const offer = (c: Pick<Case, '_id' | 'version'>, extra: object = {}) =>
    api.reply(CASES_API.offerToMarketplace, { _id: c._id, version: c.version, ...extra } as never, { session: admin });
  const accept = (session: Credentials, c: Pick<Case, '_id' | 'version'>) =>
    api.reply(CASES_API.acceptOffer, { _id: c._id, version: c.version }, { session });
  const listOf = async (session: Credentials, mine = false) =>
    (await api.call(CASES_API.marketplaceList, { mine, pageSize: 100 } as never, { session })).offers;
  const seesIn = async (session: Credentials, id: string) => (await listOf(session)).some((o) => o.case._id === id);
  const findOne = (session: Credentials, id: string) => api.reply(CASES_API.findOneCase, { _id: id }, { session });

  beforeAll(async () => {
    t = await actionsTenant('mkt');
    await events.start();
    [MP1, MP2] = await Promise.all([marketplaceRadiologist('mpa'), marketplaceRadiologist('mpb')]);
    [admin, mp1, mp2] = await Promise.all([signIn(t, 'admin'), mpSignIn(MP1), mpSignIn(MP2)]);
  }, 90_000);

  afterAll(async () => {
    await events.stop();
  });

  it('a marketplace radiologist is of no company: its list answers, a company-only page is empty', async () => {
    const me = await api.reply(CASES_API.marketplaceList, { pageSize: 1 } as never, { session: mp1 });
    expect(me.status).toBe(200);
    const stats = await api.reply(CASES_API.getWorklistStatistics, {} as never, { session: mp1 });
    expect([200, 403]).toContain(stats.status);
  });

  it('sees the offered case and nothing else of the company (list, worklist, by id → 404)', async () => {
    const offered = await fresh();
    const other = await fresh();
    const reply = await offer(offered);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(MARKETPLACE_MESSAGES.offered);
    const change = reply.body.data as MarketplaceChange;
    expect(change.case.workflowType).toBe('Marketplace');
    expect(change.case.status).toBe('NEW');
    expect(change.offer.status).toBe('OPEN');

    expect(await seesIn(mp1, offered._id)).toBe(true);
    expect(await seesIn(mp1, other._id)).toBe(false);
    expect((await findOne(mp1, offered._id)).status).toBe(200);
    expect((await findOne(mp1, other._id)).status).toBe(404);
    const page = await api.call(CASES_API.getCases, { pageSize: 100 } as never, { session: mp1 });
    const ids = page.items.map((c: Case) => c._id);
    expect(ids).toContain(offered._id);
    expect(ids).not.toContain(other._id);
    expect(page.items.every((c: Case) => c.workflowType === 'Marketplace')).toBe(true);
    // a second offer of the same case is refused
    expect((await offer(change.case)).status).toBe(409);
  });

  it("its tab counts and the pager's total count the cases its list shows (offers and its own)", async () => {
    const c = (await offer(await fresh())).body.data as MarketplaceChange;
    const every = async (session: Credentials, status: string) => {
      const items: Case[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 50; i += 1) {
        const page = await api.call(
          CASES_API.getCases,
          { status, pageSize: 100, ...(cursor ? { cursor } : {}) } as never,
          { session },
        );
        items.push(...page.items);
        if (!page.nextCursor) return items;
        cursor = page.nextCursor;
      }
      throw new Error('more than 50 pages');
    };
    // other companies' open offers come and go (the sweeper): compare once the two reads agree
    const seen = await eventually(
      async () => {
        const stats = await api.call(CASES_API.getWorklistStatistics, {} as never, { session: mp2 });
        const all = await every(mp2, 'ALL');
        const tab = await api.call(CASES_API.getCases, { status: 'NEW', pageSize: 1 } as never, { session: mp2 });
        return { stats, all, tab };
      },
      ({ stats, all, tab }) =>
        stats.counts.ALL === all.length && tab.total === all.filter((x) => x.status === 'NEW').length,
      { what: "the marketplace radiologist's counts agreeing with its list" },
    );
    expect(seen.all.map((x) => x._id)).toContain(c.case._id);
    expect(seen.stats.counts.NEW).toBeGreaterThanOrEqual(1);
    for (const status of ['NEW', 'IN PROGRESS'] as const)
      expect(seen.stats.counts[status]).toBe(seen.all.filter((x) => x.status === status).length);
    // taken: its own IN PROGRESS case is counted too
    expect((await accept(mp2, c.case)).status).toBe(200);
    const mine = await api.call(CASES_API.getCases, { status: 'IN PROGRESS', pageSize: 100 } as never, {
      session: mp2,
    });
    expect(mine.items.map((x: Case) => x._id)).toContain(c.case._id);
    expect(mine.total).toBe(mine.items.length);
    expect(mine.total).toBeGreaterThanOrEqual(1);
  });

  it('two marketplace radiologists accept at once: exactly one wins, the other gets the clear 409', async () => {
    const c = (await offer(await fresh())).body.data as MarketplaceChange;
    const replies = await Promise.all([accept(mp1, c.case), accept(mp2, c.case)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = replies.find((r) => r.status === 200)!;
    const lost = replies.find((r) => r.status === 409)!;
    expect(won.body.message).toBe(CASE_MESSAGES.accepted);
    expect(lost.body.message).toBe(MARKETPLACE_MESSAGES.alreadyTaken);
    const winner = replies[0] === won ? MP1 : MP2;
    const loser = replies[0] === won ? mp2 : mp1;
    const taken = (won.body.data as MarketplaceChange).case;
    expect(taken.status).toBe('IN PROGRESS');
    expect(taken.radiologistId).toBe(winner.userId);
    // the loser no longer sees it; a late accept is the same clear 409
    expect((await findOne(loser, c.case._id)).status).toBe(404);
    const late = await accept(loser, c.case);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MARKETPLACE_MESSAGES.alreadyTaken);
    expect((await eventsOf(t, c.case._id)).filter((e) => e === 'CaseAccepted')).toHaveLength(1);
  });

  it('the race, five more times: always exactly one winner and one CaseAccepted', async () => {
    for (let i = 0; i < 5; i += 1) {
      const c = (await offer(await fresh())).body.data as MarketplaceChange;
      const replies = await Promise.all([accept(mp2, c.case), accept(mp1, c.case)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const row = await caseOf(admin, c.case._id);
      expect([MP1.userId, MP2.userId]).toContain(row.radiologistId);
      expect((await eventsOf(t, c.case._id)).filter((e) => e === 'CaseAccepted')).toHaveLength(1);
    }
  });

  it('a rejection returns it to the pool; a withdrawal takes it back to the centre', async () => {
    const c = (await offer(await fresh())).body.data as MarketplaceChange;
    const taken = (await accept(mp1, c.case)).body.data as MarketplaceChange;
    expect(await seesIn(mp2, c.case._id)).toBe(false);
    const noReason = await api.reply(CASES_API.rejectOffer, { _id: c.case._id, version: taken.case.version } as never, {
      session: mp1,
    });
    expect(noReason.status).toBe(400);
    const rejected = await api.reply(
      CASES_API.rejectOffer,
      { _id: c.case._id, version: taken.case.version, reason: 'Outside my subspecialty' },
      { session: mp1 },
    );
    expect(rejected.status).toBe(200);
    const back = rejected.body.data as MarketplaceChange;
    expect(back.case.status).toBe('NEW');
    expect(back.case.radiologistId).toBeNull();
    expect(back.offer.status).toBe('OPEN');
    expect(await seesIn(mp2, c.case._id)).toBe(true);

    const withdrawn = await api.reply(
      CASES_API.withdrawOffer,
      { _id: c.case._id, version: back.case.version },
      { session: admin },
    );
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body.data as MarketplaceChange).case.workflowType).toBe('Center');
    expect((withdrawn.body.data as MarketplaceChange).offer.status).toBe('WITHDRAWN');
    expect(await seesIn(mp2, c.case._id)).toBe(false);
    expect((await findOne(mp2, c.case._id)).status).toBe(404);
    expect(await eventsOf(t, c.case._id)).toEqual(
      expect.arrayContaining(['CaseOffered', 'CaseAccepted', 'CaseOfferReturned', 'CaseOfferWithdrawn']),
    );
  });

  it('the centre and the marketplace radiologist chat on the case; another marketplace radiologist cannot', async () => {
    const c = (await offer(await fresh())).body.data as MarketplaceChange;
    await accept(mp1, c.case);
    const said = await api.reply(
      CASES_API.addComment,
      { caseId: c.case._id, text: 'Prior CT available?' },
      {
        session: mp1,
      },
    );
    expect(said.status).toBe(200);
    const answered = await api.reply(
      CASES_API.addComment,
      { caseId: c.case._id, text: 'Yes, attached.' },
      {
        session: admin,
      },
    );
    expect(answered.status).toBe(200);
    const mine = await api.call(CASES_API.findComments, { caseId: c.case._id } as never, { session: mp1 });
    expect(mine.items.map((m: { text: string }) => m.text)).toEqual(['Prior CT available?', 'Yes, attached.']);
    const centre = await api.call(CASES_API.findComments, { caseId: c.case._id } as never, { session: admin });
    expect(centre.items).toHaveLength(2);
    expect((await api.reply(CASES_API.findComments, { caseId: c.case._id } as never, { session: mp2 })).status).toBe(
      404,
    );
    expect(
      (await api.reply(CASES_API.addComment, { caseId: c.case._id, text: 'hello' }, { session: mp2 })).status,
    ).toBe(404);
    // the message is the company's row, named with the radiologist
    const rows = await tenantQuery<{ author_id: string }>(
      t.tenantId,
      `SELECT author_id FROM cases.case_comments WHERE case_id = $1 ORDER BY created_at`,
      [c.case._id],
    );
    expect(rows[0]!.author_id).toBe(MP1.userId);
  });

  it('timeouts: an open offer nobody took goes back to the centre; a taken case not started returns to the pool', async () => {
    const open = (await offer(await fresh())).body.data as MarketplaceChange;
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.marketplace_offers SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [open.offer._id],
    );
    await eventually(
      () => caseOf(admin, open.case._id),
      (c) => c.workflowType === 'Center',
      { what: 'the expired offer withdrawn by the sweeper', timeoutMs: 30_000 },
    );
    expect((await findOne(mp1, open.case._id)).status).toBe(404);

    const c = (await offer(await fresh())).body.data as MarketplaceChange;
    const taken = (await accept(mp2, c.case)).body.data as MarketplaceChange;
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.marketplace_offers SET return_at = now() - interval '1 second' WHERE id = $1`,
      [taken.offer._id],
    );
    const back = await eventually(
      () => caseOf(admin, c.case._id),
      (x) => x.status === 'NEW' && x.radiologistId === null,
      { what: 'the taken case returned by the sweeper', timeoutMs: 30_000 },
    );
    expect(back.workflowType).toBe('Marketplace');
    expect(await seesIn(mp1, c.case._id)).toBe(true);
    expect((await findOne(mp2, c.case._id)).status).toBe(200); // in the pool again: open to every marketplace radiologist
  });
});
