import { connect } from 'node:net';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ANALYZER_MESSAGES, CONSOLE_ROUTES, LIMS_ANALYZERS_PORTS } from '@rayworks/contracts';
import { eventually, limsKnowsCentres, tenantQuery } from '@rayworks/testing';
import { requiredMessage } from '@rayworks/validation';
import type { Page } from 'playwright-core';
import { choose } from '../pom/AdminPages';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/** One HL7 message over MLLP to the lims-analyzers process npm start runs; its answer's MSA-1. */
function sendHl7(message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(LIMS_ANALYZERS_PORTS.hl7, '127.0.0.1', () =>
      socket.write(Buffer.concat([Buffer.from([0x0b]), Buffer.from(message), Buffer.from([0x1c, 0x0d])])),
    );
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('utf8');
      if (answer.includes('\x1c')) {
        socket.end();
        resolve(/\rMSA\|([A-Z]{2})\|/.exec(answer)?.[1] ?? answer);
      }
    });
    socket.on('error', reject);
  });
}

/**
 * The laboratory's analyzers in the console against the running system (issue 23 slice 8, decisions 0301–0303): the
 * admin registers an HL7 analyzer and its code map on /lab-management; the analyzer sends a result for a barcode no
 * sample has (to the lims-analyzers listener npm start runs); it waits in the unmatched results queue, and the lab
 * user matches it to the right sample by hand.
 */
describe('lab analyzers and the unmatched results queue', () => {
  const tenant = useTenant('labanalyzers');
  const browser = useBrowser();
  let page: Page;
  let shell: Shell;
  let pageErrors: string[];
  let close: () => Promise<void>;
  const stamp = `${Date.now()}`.slice(-7);
  const app = `E2E${stamp}`;
  const barcode = `L${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const wrong = `L${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const field = (testid: string) => page.getByTestId(testid);

  beforeAll(async () => {
    const t = tenant();
    // a collected sample with a CBC order, as the sample slice makes it from a registration
    await tenantQuery(
      t.tenantId,
      `WITH s AS (
         INSERT INTO lims.samples (tenant_id, centre_id, registration_id, registration_number, registered_at,
                patient_id, mr_number, patient_name, gender, sample_type, container, barcode, status, collected_at,
                collection_place)
         VALUES ($1, $2, gen_random_uuid(), 'R-1', now(), gen_random_uuid(), 'MR1', 'Test Patient', 'Female',
                'WB_EDTA', 'LAVENDER_EDTA', $3, 'COLLECTED', now(), 'CENTRE') RETURNING *)
       INSERT INTO lims.lab_orders (tenant_id, sample_id, registration_id, registration_item_id, test_code, test_name,
              status)
       SELECT tenant_id, id, registration_id, gen_random_uuid(), 'CBC', 'Complete Blood Count', 'ORDERED' FROM s`,
      [t.tenantId, t.centres.c1, barcode],
    );
    // the analyzer names the centre whose laboratory runs it, one the LIMS knows (docs/decisions/0373)
    await limsKnowsCentres(t.tenantId, [t.centres.c1!]);
    const opened = await openConsole(browser());
    page = opened.page;
    pageErrors = opened.pageErrors;
    close = () => opened.context.close();
    await new LoginPage(page).login(t.login('admin'), TEST_PASSWORD);
    shell = new Shell(page);
    await shell.waitUntilReady();
  }, 120_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await close?.();
  });

  it('registers an HL7 analyzer and its code map', async () => {
    await page.goto(url(CONSOLE_ROUTES.labManagement));
    await field('analyzers-add').click();
    await field('analyzer-name').fill('Cobas c311');
    await field('analyzer-application').fill(app);
    await field('analyzer-facility').fill('LAB1');
    // the centre is required: nothing is sent without it
    await field('analyzer-save').click();
    await page.getByText(requiredMessage('Centre')).waitFor();
    await screenshot(page, 'lab-analyzers-form-desktop');
    await choose(page, 'analyzer-centre', tenant().centreName('c1'));
    await field('analyzer-save').click();
    await shell.waitForToast(ANALYZER_MESSAGES.analyzer.created);
    // the toast comes with the save's answer; the list is asked again after it: wait for its row
    const centreCell = page.getByRole('cell', { name: tenant().centreName('c1') });
    await centreCell.waitFor();
    await expect(centreCell.count()).resolves.toBe(1);
    await field('analyzer-codes-Cobas c311').click();
    await field('analyzer-codes').fill('HGB, CBC, HGB\nWBC, CBC, WBC');
    await field('analyzer-codes-save').click();
    await shell.waitForToast(ANALYZER_MESSAGES.codesSaved);
    await screenshot(page, 'lab-analyzers-desktop');
    await expectAccessible(page, 'lab management: analyzers');
  });

  it('shows a result for an unknown barcode in the unmatched queue, and matches it by hand', async () => {
    const oru = [
      `MSH|^~\\&|${app}|LAB1|RAYWORKS|LIMS|20261129093000||ORU^R01^ORU_R01|E2E-${stamp}|P|2.5.1`,
      `OBR|1|P1|${wrong}||||20261129092000`,
      'OBX|1|NM|HGB^Haemoglobin||13.5|g/dL|12-16|N|||F',
    ].join('\r');
    expect(await sendHl7(oru)).toBe('AA');

    await page.goto(url(CONSOLE_ROUTES.labManagement));
    await field('tab-unmatched').click();
    const actions = field(`result-actions-${wrong}-HGB`);
    // the matching job runs a moment after the acknowledgement
    await eventually(
      async () => {
        await page.reload();
        await field('tab-unmatched').click();
        // the queue is asked when the tab opens: give its answer a moment before counting
        await actions.waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
        return actions.count();
      },
      (n) => n === 1,
      { what: 'the result in the unmatched queue', timeoutMs: 45_000, intervalMs: 1000 },
    );
    const unknown = page.getByText(ANALYZER_MESSAGES.unknownBarcode(wrong));
    await unknown.waitFor();
    await expect(unknown.count()).resolves.toBe(1);
    await screenshot(page, 'lab-analyzers-unmatched-desktop');
    await expectAccessible(page, 'lab management: unmatched results');
    await actions.click();
    await page.getByRole('menuitem', { name: 'Match' }).click();
    await field('resolve-barcode').fill(barcode);
    await field('resolve-test').fill('CBC');
    await field('resolve-parameter').fill('HGB');
    await field('resolve-save').click();
    await shell.waitForToast(ANALYZER_MESSAGES.resolved);
    await actions.waitFor({ state: 'detached' });
    const matched = await tenantQuery<{ status: string; barcode: string }>(
      tenant().tenantId,
      `SELECT r.status, s.barcode FROM lims.analyzer_results r JOIN lims.samples s ON s.id = r.sample_id
        WHERE r.barcode = $1`,
      [wrong],
    );
    expect(matched).toEqual([{ status: 'MATCHED', barcode }]);
  }, 90_000);
});
