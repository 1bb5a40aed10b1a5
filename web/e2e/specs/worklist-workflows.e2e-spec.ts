import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, FUSION_MESSAGES, GATEWAY_PORT, MARKETPLACE_MESSAGES, CASE_MESSAGES } from '@rayworks/contracts';
import {
  buildStudyFolder,
  eventually,
  marketplaceRadiologist,
  stowFiles,
  type TestPlatformOperator,
} from '@rayworks/testing';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { WorklistPage } from '../pom/WorklistPage';
import { ApiSession } from '../requests/auth-api';
import { openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Issue 10's other two workflows in Chromium, from the worklist's row actions (carried out by caseActionRoute):
 * - marketplace: the company's administrator offers a case; a marketplace radiologist of the platform (no company),
 *   in a second browser, sees it in their worklist and takes it; the administrator's row follows live;
 * - fusion: the administrator sends a case to the fusion centre the group has a contract with (chosen in the dialog);
 *   the fusion centre's user, in a second browser, finds it on Fusion Cases, opens it and goes to assign its reader.
 */
describe('worklist: marketplace and fusion workflows', () => {
  const tenant = useTenant('workflows');
  const browser = useBrowser();
  let dir: string;
  let reader: TestPlatformOperator;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const offeredId = `MP${suffix}`;
  const fusedId = `FU${suffix}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-workflows-'));
    reader = await marketplaceRadiologist('e2eworkflows');
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    const dicomweb = `http://127.0.0.1:${GATEWAY_PORT}/api/imaging/dicomweb`;
    for (const patientId of [offeredId, fusedId]) {
      const study = await buildStudyFolder(path.join(dir, patientId), {
        patientName: 'Workflow^Wendy',
        patientId,
        studyDate: '20260311',
        accessionNumber: `ACC${patientId}`,
        studyDescription: 'CT for the workflows test',
      });
      expect((await stowFiles(dicomweb, gca.session.token, study.files)).status).toBe(200);
    }
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    await eventually(
      async () => [
        ...(await admin.call(CASES_API.findCases, { search: offeredId, limit: 10 })),
        ...(await admin.call(CASES_API.findCases, { search: fusedId, limit: 10 })),
      ],
      (cases) => cases.length === 2,
      { timeoutMs: 60_000, intervalMs: 500, what: 'the two cases' },
    );
    // the group of c1 may send to the fusion group's centre
    await admin.call(CASES_API.createFusionContract, {
      senderGroupId: tenant().groups.g!,
      fusionCentreId: tenant().centres.hub!,
    });
  }, 180_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('offers a case to the marketplace; a marketplace radiologist takes it', async () => {
    const company = await openConsole(browser());
    const market = await openConsole(browser());
    try {
      await new LoginPage(company.page).login(tenant().login('admin'), TEST_PASSWORD);
      await new Shell(company.page).waitUntilReady();
      const list = new WorklistPage(company.page);
      await list.goto();
      await list.waitForRow(offeredId, 'NEW');
      expect(await list.actions(offeredId)).toContain('OFFER_TO_MARKETPLACE');
      const offer = await list.act(offeredId, 'OFFER_TO_MARKETPLACE');
      await offer.getByTestId('worklist-action-confirm').click();
      await company.page.getByText(MARKETPLACE_MESSAGES.offered).first().waitFor();
      // offered, it waits NEW in the marketplace; the company may withdraw it now
      await eventually(
        () => list.actions(offeredId),
        (actions) => actions.includes('WITHDRAW_OFFER') && !actions.includes('OFFER_TO_MARKETPLACE'),
        { what: 'the offered row' },
      );

      // the marketplace radiologist, of no company, sees the offered case and takes it
      await new LoginPage(market.page).login(reader.loginName, reader.password);
      await new Shell(market.page).waitUntilReady();
      const mine = new WorklistPage(market.page);
      await mine.goto();
      await mine.waitForRow(offeredId, 'NEW', 30_000);
      // nothing else of the company: the fused case is not offered
      expect(await mine.row(fusedId).count()).toBe(0);
      expect(await mine.actions(offeredId)).toContain('ACCEPT');
      await screenshot(market.page, 'worklist-marketplace-offered');
      const take = await mine.act(offeredId, 'ACCEPT');
      await take.getByTestId('worklist-action-confirm').click();
      await market.page.getByText(CASE_MESSAGES.accepted).first().waitFor();
      await mine.waitForRow(offeredId, 'IN PROGRESS');
      // the company's row follows live
      await list.waitForRow(offeredId, 'IN PROGRESS', 30_000);
      await screenshot(company.page, 'worklist-marketplace-taken');
      expect(company.pageErrors).toEqual([]);
      expect(market.pageErrors).toEqual([]);
    } finally {
      await company.context.close();
      await market.context.close();
    }
  }, 300_000);

  it('sends a case to the contracted fusion centre; its user finds it and assigns it', async () => {
    const company = await openConsole(browser());
    const hub = await openConsole(browser());
    try {
      await new LoginPage(company.page).login(tenant().login('admin'), TEST_PASSWORD);
      await new Shell(company.page).waitUntilReady();
      const list = new WorklistPage(company.page);
      await list.goto();
      await list.waitForRow(fusedId, 'NEW');
      const send = await list.act(fusedId, 'SEND_TO_FUSION');
      await send.getByTestId('worklist-action-fusion-centre').click();
      await company.page.getByRole('option').first().click();
      await screenshot(company.page, 'worklist-fusion-send', false);
      await send.getByTestId('worklist-action-confirm').click();
      await company.page.getByText(FUSION_MESSAGES.sent).first().waitFor();

      // the fusion centre's user sees it and accepts it (the fusion machine's move)
      const fusion = await ApiSession.login(tenant().login('fusion.centre'), TEST_PASSWORD);
      const sent = await eventually(
        () => fusion.call(CASES_API.fusionCases, {}),
        (answer) => answer.cases.some((c) => c.patientId === fusedId),
        { what: 'the fused case on the fusion side' },
      );
      expect(sent.cases.filter((c) => c.patientId === fusedId)).toHaveLength(1);
      await new LoginPage(hub.page).login(tenant().login('fusion.centre'), TEST_PASSWORD);
      await new Shell(hub.page).waitUntilReady();
      await hub.page.goto(new URL('/fccases', hub.page.url()).toString(), { waitUntil: 'domcontentloaded' });
      const received = hub.page.locator(
        `[data-testid="fusion-case-row"][data-case-id="${sent.cases.find((c) => c.patientId === fusedId)!._id}"]`,
      );
      await received.waitFor({ timeout: 30_000 });
      expect(await received.getByTestId('fusion-status').innerText()).toBe('NEW');
      await screenshot(hub.page, 'fccases-received');
      // opened, the fusion side's actions are the fusion table's: it assigns the case to its reader
      await received.getByRole('link').first().click();
      await hub.page.getByTestId('case-actions').waitFor();
      await hub.page.getByTestId('case-action-ASSIGN').click();
      await hub.page.getByTestId('assign-page').waitFor();
      await hub.page.locator('[data-testid="assign-case"]').first().waitFor();
      await screenshot(hub.page, 'fccases-assign');
      expect(company.pageErrors).toEqual([]);
      expect(hub.pageErrors).toEqual([]);
    } finally {
      await company.context.close();
      await hub.context.close();
    }
  }, 300_000);
});
