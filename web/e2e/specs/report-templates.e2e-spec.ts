import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminMessages, LAYOUT_MESSAGES, REPORTING_API, TEMPLATE_MESSAGES } from '@rayworks/contracts';
import { LoginPage } from '../pom/LoginPage';
import { ReportLayoutPage, ReportTemplatesPage } from '../pom/ReportTemplatesPages';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { openConsole, screenshot, uniqueName, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * /reportTemplates and /custom-template (issue 12; docs/decisions/0178, 0180): an administrator adds a centre's
 * template in TipTap with a structured field and its phrases (the field's placeholder survives into the stored HTML),
 * inactivates it, and configures the centre's layout beside the live preview, which follows the height rules; a
 * layout past the limits cannot be saved; the saved layout is there after a reload.
 */
describe('report templates and layout', () => {
  const tenant = useTenant('report-templates');
  const browser = useBrowser();
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await admin?.logout();
  });

  it('adds a template with a field and phrases, and inactivates it', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    const name = uniqueName('CT Brain');
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      const templates = new ReportTemplatesPage(page);
      await templates.open();
      await templates.addTemplate({
        name,
        centre: tenant().centreName('c1'),
        modality: 'ct',
        bodyPart: 'brain',
        bodyText: 'Impression: ',
        field: {
          label: 'Impression',
          key: 'impression',
          phrases: [
            { label: 'Normal', text: 'No acute intracranial abnormality.', kind: 'normal' },
            { label: 'Bleed', text: 'Acute subdural haematoma.', kind: 'abnormal' },
          ],
        },
      });
      await shell.waitForToast(TEMPLATE_MESSAGES.created);
      await templates.row(name).waitFor();
      await screenshot(page, 'report-templates-list');

      const stored = (await admin.call(REPORTING_API.findReportTemplates, { search: name })).templates;
      expect(stored).toHaveLength(1);
      const template = stored[0]!;
      expect(template).toMatchObject({
        modality: 'CT',
        bodyPart: 'BRAIN',
        centreId: tenant().centres.c1,
        isActive: true,
      });
      expect(template.html).toContain('Impression:');
      expect(template.html).toMatch(/<span data-field="impression">\[Impression\]<\/span>/);
      expect(template.fields).toEqual([
        {
          key: 'impression',
          label: 'Impression',
          options: [
            { label: 'Normal', text: 'No acute intracranial abnormality.', kind: 'normal' },
            { label: 'Bleed', text: 'Acute subdural haematoma.', kind: 'abnormal' },
          ],
        },
      ]);

      // editing shows the stored body with its placeholder
      await page.getByTestId(`template-edit-${name}`).click();
      await page.locator('[data-testid="template-html"] span[data-field="impression"]').waitFor();
      await screenshot(page, 'report-template-edit');
      await page.keyboard.press('Escape');
      await page.getByTestId('template-modal').waitFor({ state: 'detached' });

      await templates.toggleActive(name);
      await shell.waitForToast(adminMessages('Template').inactivated);
      const after = await admin.call(REPORTING_API.findOneReportTemplate, { id: template.id });
      expect(after.isActive).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("configures a centre's layout with a live preview that follows the height rules", async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      const layout = new ReportLayoutPage(page);
      await layout.open(tenant().centreName('c2'));
      await page.getByTestId('layout-default-note').waitFor();
      // the default: header 120, footer 60 + 40 of fields, nine patient details (5 pairs: 70 + 4 × 50, capped at 150)
      expect(await layout.previewHeight('preview-header')).toBe(120);
      expect(await layout.previewHeight('preview-patient-block')).toBe(150);
      expect(await layout.bodyBudgetText()).toContain(`${1000 - 120 - 100 - 150 - 300} px`);

      await layout.setNumber('layout-header-height', 180);
      await page.getByTestId('layout-header-text').fill('Centre Two Diagnostics');
      await page.getByTestId('preview-header').filter({ hasText: 'Centre Two Diagnostics' }).waitFor();
      // five patient details fewer, keeping the four every report prints (accession, modality, study, referrer:
      // decision 0343 adds them when a layout lacks them): 4 rows = 2 pairs = 120 px
      for (const index of [5, 3, 2, 1, 0]) await page.getByTestId(`layout-patient-detail-remove-${index}`).click();
      await page.getByTestId('layout-watermark-enable').click({ force: true });
      await page.getByTestId('layout-watermark-text').fill('DRAFT COPY');
      await page.getByTestId('layout-footer-content').click();
      await page.getByRole('option', { name: 'Text' }).click();
      await page.getByTestId('layout-footer-text').fill('Centre Two · 24x7 helpline 1800-000-000');
      expect(await layout.previewHeight('preview-header')).toBe(180);
      expect(await layout.previewHeight('preview-patient-block')).toBe(120);
      expect(await layout.bodyBudgetText()).toContain(`${1000 - 180 - 100 - 120 - 300} px`);
      await page.getByTestId('preview-watermark').filter({ hasText: 'DRAFT COPY' }).waitFor();
      await screenshot(page, 'report-layout-preview');

      // the print document (renderReportDocument, as the print view and the PDF) with the same rules
      await page.getByTestId('preview-tab-print').click();
      const doc = page.frameLocator('[data-testid="layout-print-preview"]');
      await doc.locator('[data-part="header"]').filter({ hasText: 'Centre Two Diagnostics' }).waitFor();
      expect(await doc.locator('[data-part="header"]').evaluate((el) => (el as HTMLElement).style.height)).toBe(
        '180px',
      );
      expect(await doc.locator('body').getAttribute('data-body-budget')).toBe(String(1000 - 180 - 100 - 120 - 300));
      expect(await doc.locator('body').getAttribute('data-patient-block')).toBe('120');
      await doc.locator('[data-part="watermark"]').filter({ hasText: 'DRAFT COPY' }).waitFor();
      await screenshot(page, 'report-layout-print-document');
      await page.getByTestId('preview-tab-page').click();

      // past the limits: the problem is shown and the layout cannot be saved
      await layout.setNumber('layout-footer-height', 250);
      await page.getByTestId('layout-problem').filter({ hasText: LAYOUT_MESSAGES.chromeTooTall }).waitFor();
      expect(await page.getByTestId('layout-save').isDisabled()).toBe(true);
      await screenshot(page, 'report-layout-too-tall', false);
      await layout.setNumber('layout-footer-height', 60);
      await page.getByTestId('layout-problem').waitFor({ state: 'detached' });

      await page.getByTestId('layout-save').click();
      await shell.waitForToast(TEMPLATE_MESSAGES.layoutSaved);
      const saved = await admin.call(REPORTING_API.getReportConfig, { centreId: tenant().centres.c2 });
      expect(saved.isDefault).toBe(false);
      expect(saved.layout.header).toMatchObject({ height: 180, text: 'Centre Two Diagnostics' });
      expect(saved.layout.body.patientDetails).toHaveLength(4);
      expect(saved.layout.body.waterMark).toEqual({ enable: true, text: 'DRAFT COPY', image: null });
      expect(saved.layout.footer).toMatchObject({
        contentType: 'text',
        text: 'Centre Two · 24x7 helpline 1800-000-000',
      });

      await page.reload({ waitUntil: 'domcontentloaded' });
      await layout.open(tenant().centreName('c2'));
      expect(await page.getByTestId('layout-default-note').count()).toBe(0);
      expect(await layout.previewHeight('preview-header')).toBe(180);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
