import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING_API, LIMS_API, SAMPLE_MESSAGES, SAMPLE_SCREEN_TEXT, type Sample } from '@rayworks/contracts';
import { eventually } from '@rayworks/testing';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { SampleAccessionPage, SampleCollectionPage } from '../pom/SamplePages';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { expectAccessible } from '../support/axe';
import { openConsole, SCREENSHOT_DIR, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * A lab day's first steps in the console (issue 23 slices 3–4, docs/decisions/0297–0300): the desk registers a
 * patient for two lab tests of two sample types; the receptionist of the centre finds the two samples on
 * /samplecollection, prints a label (a 50 × 25 mm page with the Code 128 barcode, patient, MR number, sample and
 * tests) and collects both; the lab scans them at /lims/sampleaccession as a keyboard-wedge scanner does, accepts one
 * and rejects the other as haemolysed — and the receptionist, still on the collection screen, is told at once, with
 * the new barcode to collect. An unknown barcode says so and changes nothing.
 */
describe('sample collection and accession', () => {
  const tenant = useTenant('samples');
  const browser = useBrowser();
  const stamp = Date.now().toString().slice(-6);
  let desk: { context: BrowserContext; page: Page; pageErrors: string[] };
  let lab: { context: BrowserContext; page: Page; pageErrors: string[] };
  let samples: Sample[] = [];
  let api: ApiSession;
  /** The printable page of the serum sample's label (the first test prints it). */
  let labelHtml = '';

  beforeAll(async () => {
    api = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const c1 = tenant().centres.c1!;
    await eventually(
      () =>
        api.call(BILLING_API.getBillingSettings, { centreId: c1 }).then(
          () => true,
          () => false,
        ),
      (known) => known,
      { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
    );
    for (const test of [
      { code: 'CBC', name: 'Complete Blood Count', sampleType: 'Whole Blood (EDTA)' },
      { code: 'LFT', name: 'Liver Function Test', sampleType: 'Serum' },
    ])
      await api.call(BILLING_API.createTest, { ...test, kind: 'LAB' });
    const card = await api.call(BILLING_API.createRateCard, {
      name: `Lab ${stamp}`,
      validFrom: '2020-01-01',
      prices: ['CBC', 'LFT'].map((testCode) => ({
        testCode,
        price: '400',
        holidayPrice: '400',
        nightPrice: '400',
        processingFee: '0',
      })),
    });
    await api.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c1] });
    const patient = await api.call(BILLING_API.createPatient, {
      centreId: c1,
      patientName: `Kavya Menon ${stamp}`,
      gender: 'Female',
      dateOfBirth: '1992-08-19',
      phoneNumber: `96${stamp}44`,
    });
    const { registration } = await api.call(BILLING_API.createRegistration, {
      centreId: c1,
      patientId: patient._id,
      requestKey: randomUUID(),
      items: [{ testCode: 'CBC' }, { testCode: 'LFT' }],
    });
    samples = await eventually(
      async () => (await api.call(LIMS_API.findSamples, { registrationId: registration._id })).items,
      (items) => items.length === 2,
      { what: "the registration's samples", timeoutMs: 60_000 },
    );
    desk = await openConsole(browser());
    await new LoginPage(desk.page).login(tenant().login('reception'), TEST_PASSWORD);
    lab = await openConsole(browser());
    await new LoginPage(lab.page).login(tenant().login('admin'), TEST_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    expect(desk?.pageErrors ?? []).toEqual([]);
    expect(lab?.pageErrors ?? []).toEqual([]);
    await desk?.context.close();
    await lab?.context.close();
    await api?.logout();
  });

  const serum = () => samples.find((s) => s.sampleType === 'SERUM')!;
  const blood = () => samples.find((s) => s.sampleType === 'WB_EDTA')!;

  it('lists the samples to collect and prints a 50 × 25 mm Code 128 label', async () => {
    const collection = new SampleCollectionPage(desk.page);
    await collection.open();
    expect((await collection.barcodes()).sort()).toEqual(samples.map((s) => s.barcode).sort());
    await expectAccessible(desk.page, '/samplecollection');
    await screenshot(desk.page, 'sample-collection-desktop');

    const html = await collection.printLabel(serum().barcode);
    labelHtml = html;
    expect(html).toContain(`Kavya Menon ${stamp}`);
    expect(html).toContain(`MR ${serum().mrNumber}`);
    expect(html).toContain('Serum · Red top (plain / clot activator)');
    expect(html).toContain('>LFT<');
    // the printable page, as the label printer gets it: one 50 × 25 mm page
    const print = await desk.context.newPage();
    await print.setContent(html);
    const pdf = `${SCREENSHOT_DIR}sample-label.pdf`;
    writeFileSync(
      pdf,
      await print.pdf({ width: '50mm', height: '25mm', printBackground: true, preferCSSPageSize: true }),
    );
    await print.close();
    const info = execFileSync('pdfinfo', [pdf]).toString();
    expect(info).toMatch(/Pages:\s+1\b/);
    // 50 × 25 mm is 141.7 × 70.9 pt (Chromium rounds the page to whole CSS pixels: within a point)
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    expect([Math.abs(Number(w) - 141.73) < 1, Math.abs(Number(h) - 70.87) < 1]).toEqual([true, true]);
    execFileSync('pdftoppm', ['-png', '-r', '300', '-singlefile', pdf, `${SCREENSHOT_DIR}sample-label`]);
  });

  it('collects both samples (one at home by a phlebotomist)', async () => {
    const collection = new SampleCollectionPage(desk.page);
    const shell = new Shell(desk.page);
    await collection.collect(serum().barcode, 'Home Collection', 'Phlebotomist Anil');
    await shell.waitForToast(SAMPLE_MESSAGES.collected);
    await collection.collect(blood().barcode, 'Centre');
    await collection.row(blood().barcode).waitFor({ state: 'detached' });
    const collected = await api.call(LIMS_API.scanSample, { barcode: serum().barcode });
    expect(collected).toMatchObject({
      status: 'COLLECTED',
      collectionPlace: 'HOME',
      collectedBy: { loginName: 'Phlebotomist Anil' },
    });
  });

  it('accepts one scanned sample, rejects the other as haemolysed, and the desk is told at once', async () => {
    const accession = new SampleAccessionPage(lab.page);
    await accession.open();
    await accession.scan('L999999990');
    expect(await accession.error()).toContain(SAMPLE_MESSAGES.notFound);

    await accession.scan(serum().barcode);
    expect(await accession.scannedStatus(serum().barcode)).toBe('COLLECTED');
    await expectAccessible(lab.page, '/lims/sampleaccession');
    await screenshot(lab.page, 'sample-accession-desktop');
    await accession.accept();
    await new Shell(lab.page).waitForToast(SAMPLE_MESSAGES.accepted);
    expect(await accession.scannedStatus(serum().barcode)).toBe('ACCEPTED');
    expect(await accession.actionsShown()).toBe(false);
    expect(await accession.scanFieldFocused()).toBe(true);

    // the desk stays on the collection screen, showing every status
    const collection = new SampleCollectionPage(desk.page);
    await accession.scan(blood().barcode);
    expect(await accession.scannedStatus(blood().barcode)).toBe('COLLECTED');
    await accession.reject('Haemolysed', 'pink plasma');
    await new Shell(lab.page).waitForToast(SAMPLE_MESSAGES.rejected);
    expect(await accession.scannedStatus(blood().barcode)).toBe('REJECTED');

    const notice = collection.notice(blood().barcode);
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain(SAMPLE_SCREEN_TEXT.rejectedNotice(blood().barcode, 'Haemolysed'));
    await screenshot(desk.page, 'sample-rejected-notice-desktop');
    // the new sample to collect is in the list (read again on the notice)
    const again = await api.call(LIMS_API.findSamples, { status: 'PENDING_COLLECTION' });
    expect(again.items.map((s) => [s.recollectionOf, s.sampleType])).toEqual([[blood()._id, 'WB_EDTA']]);
    await collection.row(again.items[0]!.barcode).waitFor();
    expect(await notice.innerText()).toContain(again.items[0]!.barcode);
  });

  it("reads a printed label with the device's camera", async () => {
    // the label as the camera sees it: the printed page on a white desk, as JPEG frames of Chromium's fake camera
    const shot = await browser().newContext({ viewport: { width: 260, height: 150 }, deviceScaleFactor: 4 });
    const frame = await shot.newPage();
    await frame.setContent(labelHtml.replace('<body>', '<body style="padding: 28px 35px">'));
    const jpeg = await frame.screenshot({ type: 'jpeg', quality: 95 });
    await shot.close();
    const video = `${SCREENSHOT_DIR}sample-label-camera.mjpeg`;
    writeFileSync(video, Buffer.concat(Array.from({ length: 30 }, () => jpeg)));
    const withCamera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await withCamera.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['camera']);
      const page = await context.newPage();
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const accession = new SampleAccessionPage(page);
      await accession.open();
      await page.getByTestId('camera-toggle').click();
      await page.getByTestId('camera-preview').waitFor();
      expect(await accession.scannedStatus(serum().barcode)).toBe('ACCEPTED');
      await screenshot(page, 'sample-accession-camera');
    } finally {
      await withCamera.close();
    }
  });

  it('fits a phone', async () => {
    const phone = await openConsole(browser(), { width: 390, height: 844 });
    try {
      await new LoginPage(phone.page).login(tenant().login('admin'), TEST_PASSWORD);
      const collection = new SampleCollectionPage(phone.page);
      await collection.open();
      await screenshot(phone.page, 'sample-collection-phone');
      await expectAccessible(phone.page, '/samplecollection (phone)');
      const accession = new SampleAccessionPage(phone.page);
      await accession.open();
      await accession.scan(serum().barcode);
      expect(await accession.scannedStatus(serum().barcode)).toBe('ACCEPTED');
      await screenshot(phone.page, 'sample-accession-phone');
      await expectAccessible(phone.page, '/lims/sampleaccession (phone)');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
