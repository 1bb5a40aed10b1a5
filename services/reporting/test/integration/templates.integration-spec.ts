import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  DEFAULT_REPORT_LAYOUT,
  defaultReportLayout,
  GATEWAY_PORT,
  LAYOUT_MESSAGES,
  REPORTING_API,
  TEMPLATE_MESSAGES,
  type ReportTemplate,
} from '@rayworks/contracts';
import {
  everyRoleTenant,
  reportingKnowsCentres,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * Report templates, macros and the centre layout against the running system (docs/decisions/0178..0181): create,
 * update, (in)activate and find by modality and body part; script in a template is gone when read back; the reach
 * rules (company, centre, one's own); another company's user gets nothing; the layout's default, save and read back,
 * its limits, who may save it, and a logo uploaded with a presigned PUT.
 */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const api = new ApiClient({ baseUrl: base });

const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

// a 1×1 transparent PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('report templates, macros and layouts', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let adminA: Credentials;
  let gcaA: Credentials;
  let centreAdminA: Credentials;
  let radiologistA: Credentials;
  let typistA: Credentials;
  let adminB: Credentials;
  let companyCt: ReportTemplate;
  let c1Chest: ReportTemplate;
  let ownKnee: ReportTemplate;
  let c3Usg: ReportTemplate;

  const find = (session: Credentials, body: Parameters<typeof api.call<typeof REPORTING_API.findReportTemplates>>[1]) =>
    api.call(REPORTING_API.findReportTemplates, body, { session }).then((d) => d.templates.map((t) => t.id));

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('tpl-a'), everyRoleTenant('tpl-b')]);
    [adminA, gcaA, centreAdminA, radiologistA, typistA, adminB] = await Promise.all([
      signIn(a, 'admin'),
      signIn(a, 'gca'),
      signIn(a, 'centre.admin'),
      signIn(a, 'radiologist'),
      signIn(a, 'typist'),
      signIn(b, 'admin'),
    ]);
    // the company's administrator names its centres: reporting knows them from auth's events (decision 0214)
    await reportingKnowsCentres(a.tenantId, Object.values(a.centres));
  });

  afterAll(() => undefined);

  it('creates a company template whose script is gone when read back', async () => {
    const reply = await api.result(
      REPORTING_API.createReportTemplate,
      {
        name: 'CT Brain plain',
        modality: 'ct',
        bodyPart: 'brain',
        html:
          '<p>Findings: <span data-field="findings">[findings]</span></p><script>alert(1)</script>' +
          '<p onclick="steal()">Impression: <a href="javascript:alert(2)">x</a></p><img src="x" onerror="alert(3)">',
        fields: [
          {
            key: 'findings',
            label: 'Findings',
            options: [
              { label: 'Normal', text: 'No intracranial haemorrhage.', kind: 'normal' },
              { label: 'Bleed', text: 'Acute subdural haematoma.', kind: 'abnormal' },
            ],
          },
        ],
      },
      { session: adminA },
    );
    expect(reply.message).toBe(TEMPLATE_MESSAGES.created);
    companyCt = reply.data;
    expect(companyCt).toMatchObject({
      modality: 'CT',
      bodyPart: 'BRAIN',
      centreId: null,
      ownerId: null,
      isActive: true,
    });
    const read = await api.call(REPORTING_API.findOneReportTemplate, { id: companyCt.id }, { session: radiologistA });
    expect(read.html).toContain('data-field="findings"');
    expect(read.html).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(read.fields[0]?.options).toHaveLength(2);
  });

  it('keeps centre and personal templates to their reach', async () => {
    c1Chest = await api.call(
      REPORTING_API.createReportTemplate,
      { name: 'Chest X-ray', centreId: a.centres.c1, modality: 'CR', bodyPart: 'CHEST', html: '<p>Lungs clear.</p>' },
      { session: gcaA },
    );
    ownKnee = await api.call(
      REPORTING_API.createReportTemplate,
      { name: 'MRI Knee (mine)', personal: true, modality: 'MR', bodyPart: 'KNEE', html: '<p>Menisci intact.</p>' },
      { session: radiologistA },
    );
    expect(ownKnee.ownerId).toBe(a.users[a.login('radiologist')]);
    c3Usg = await api.call(
      REPORTING_API.createReportTemplate,
      {
        name: 'USG Abdomen',
        centreId: a.centres.c3,
        modality: 'US',
        bodyPart: 'ABDOMEN',
        html: '<p>Liver normal.</p>',
      },
      { session: centreAdminA },
    );
    // a centre admin may not write a template for a centre that is not theirs, nor a company template
    for (const body of [
      { name: 'x', centreId: a.centres.c1, html: '<p>x</p>' },
      { name: 'x', html: '<p>x</p>' },
    ]) {
      const refused = await api.reply(REPORTING_API.createReportTemplate, body, { session: centreAdminA });
      expect(refused.status).toBe(403);
    }

    const radiologistSees = await find(radiologistA, {});
    expect(radiologistSees).toEqual(expect.arrayContaining([companyCt.id, c1Chest.id, ownKnee.id]));
    expect(radiologistSees).not.toContain(c3Usg.id);
    const adminSees = await find(adminA, {});
    expect(adminSees).toEqual(expect.arrayContaining([companyCt.id, c1Chest.id, c3Usg.id]));
    expect(adminSees).not.toContain(ownKnee.id);
    expect((await api.reply(REPORTING_API.findOneReportTemplate, { id: ownKnee.id }, { session: adminA })).status).toBe(
      404,
    );
    // the typist (c1, c2) sees the centre's template, and may not change it
    expect(await find(typistA, { centreId: a.centres.c1 })).toEqual(expect.arrayContaining([companyCt.id, c1Chest.id]));
    const typistEdit = await api.reply(
      REPORTING_API.updateReportTemplate,
      { id: c1Chest.id, name: 'typed', centreId: a.centres.c1, html: '<p>x</p>' },
      { session: typistA },
    );
    expect(typistEdit.status).toBe(403);
  });

  it('finds by modality and body part (a template for any matches too), the most specific first', async () => {
    const anyModality = await api.call(
      REPORTING_API.createReportTemplate,
      { name: 'Generic normal study', html: '<p>Normal study.</p>' },
      { session: adminA },
    );
    const ct = await find(adminA, { modality: 'CT', bodyPart: 'BRAIN' });
    expect(ct).toContain(companyCt.id);
    expect(ct).toContain(anyModality.id);
    expect(ct.indexOf(companyCt.id)).toBeLessThan(ct.indexOf(anyModality.id));
    expect(ct).not.toContain(c1Chest.id);
    expect(ct).not.toContain(c3Usg.id);
    expect(await find(adminA, { modality: 'ct', bodyPart: 'knee' })).not.toContain(companyCt.id);
    expect(await find(adminA, { search: 'chest x' })).toEqual([c1Chest.id]);
  });

  it('updates and inactivates; an inactive template is not among the active ones', async () => {
    const updated = await api.result(
      REPORTING_API.updateReportTemplate,
      {
        id: c1Chest.id,
        name: 'Chest X-ray PA',
        centreId: a.centres.c1,
        modality: 'DX',
        bodyPart: 'CHEST',
        html: '<p>Lungs clear.</p><p>Heart normal.</p>',
      },
      { session: gcaA },
    );
    expect(updated.message).toBe(TEMPLATE_MESSAGES.updated);
    expect(updated.data).toMatchObject({ name: 'Chest X-ray PA', modality: 'DX' });
    const off = await api.result(
      REPORTING_API.setReportTemplateActive,
      { id: c1Chest.id, isActive: false },
      { session: gcaA },
    );
    expect(off.message).toBe(TEMPLATE_MESSAGES.inactivated);
    expect(await find(radiologistA, { active: true })).not.toContain(c1Chest.id);
    expect(await find(radiologistA, { active: false })).toContain(c1Chest.id);
    const on = await api.result(
      REPORTING_API.setReportTemplateActive,
      { id: c1Chest.id, isActive: true },
      { session: adminA },
    );
    expect(on.message).toBe(TEMPLATE_MESSAGES.activated);
    expect(await find(radiologistA, { active: true, modality: 'DX' })).toContain(c1Chest.id);
  });

  it('refuses duplicate field keys and a bad field key', async () => {
    const dup = await api.reply(
      REPORTING_API.createReportTemplate,
      {
        name: 'dup',
        html: '<p>x</p>',
        fields: [
          { key: 'a', label: 'A', options: [] },
          { key: 'a', label: 'A again', options: [] },
        ],
      },
      { session: adminA },
    );
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain(TEMPLATE_MESSAGES.duplicateFieldKey);
    const bad = await api.reply(
      REPORTING_API.createReportTemplate,
      { name: 'bad', html: '<p>x</p>', fields: [{ key: 'Bad Key', label: 'B', options: [] }] },
      { session: adminA },
    );
    expect(bad.status).toBe(400);
  });

  it("gives another company's user nothing", async () => {
    expect(await find(adminB, {})).toEqual([]);
    for (const id of [companyCt.id, c1Chest.id]) {
      expect((await api.reply(REPORTING_API.findOneReportTemplate, { id }, { session: adminB })).status).toBe(404);
      expect(
        (await api.reply(REPORTING_API.setReportTemplateActive, { id, isActive: false }, { session: adminB })).status,
      ).toBe(404);
    }
    const stillActive = await api.call(REPORTING_API.findOneReportTemplate, { id: companyCt.id }, { session: adminA });
    expect(stillActive.isActive).toBe(true);
    expect((await api.call(REPORTING_API.findMacros, {}, { session: adminB })).macros).toEqual([]);
  });

  it('keeps macros: unique code per scope, found by the editor, deleted', async () => {
    const nad = await api.call(
      REPORTING_API.createMacro,
      { code: '.NAD', text: 'No acute abnormality detected.<script>x</script>' },
      { session: adminA },
    );
    expect(nad).toMatchObject({ code: '.nad', text: 'No acute abnormality detected.', ownerId: null });
    const again = await api.reply(REPORTING_API.createMacro, { code: '.nad', text: 'Other' }, { session: adminA });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TEMPLATE_MESSAGES.macroCodeTaken);
    // the same code as one's own is another scope
    const mine = await api.call(
      REPORTING_API.createMacro,
      { code: '.nad', text: 'NAD (mine)', personal: true },
      { session: radiologistA },
    );
    const seen = (await api.call(REPORTING_API.findMacros, { centreId: a.centres.c1 }, { session: radiologistA }))
      .macros;
    expect(seen.map((m) => m.id)).toEqual(expect.arrayContaining([nad.id, mine.id]));
    expect((await api.call(REPORTING_API.findMacros, {}, { session: adminA })).macros.map((m) => m.id)).not.toContain(
      mine.id,
    );
    const deleted = await api.result(REPORTING_API.deleteMacro, { id: mine.id }, { session: radiologistA });
    expect(deleted.message).toBe(TEMPLATE_MESSAGES.macroDeleted);
    expect(
      (await api.call(REPORTING_API.findMacros, {}, { session: radiologistA })).macros.map((m) => m.id),
    ).not.toContain(mine.id);
  });

  describe('layout', () => {
    it('answers the default until a layout is saved, then the saved one', async () => {
      const first = await api.call(
        REPORTING_API.getReportConfig,
        { centreId: a.centres.c1 },
        { session: radiologistA },
      );
      expect(first).toMatchObject({
        centreId: a.centres.c1,
        isDefault: true,
        layout: DEFAULT_REPORT_LAYOUT,
        updatedAt: null,
      });

      const layout = defaultReportLayout();
      layout.paperType = 'Letter';
      layout.header.height = 150;
      layout.footer.footerFields = [{ label: 'Centre', value: a.centreName('c1'), type: 'text' }];
      layout.body.waterMark = { enable: true, text: 'CONFIDENTIAL', image: null };
      const saved = await api.result(
        REPORTING_API.createReportConfig,
        { centreId: a.centres.c1, layout },
        { session: gcaA },
      );
      expect(saved.message).toBe(TEMPLATE_MESSAGES.layoutSaved);
      const read = await api.call(REPORTING_API.getReportConfig, { centreId: a.centres.c1 }, { session: typistA });
      expect(read).toMatchObject({ isDefault: false, layout });
      expect(read.updatedAt).not.toBeNull();
      // saving again replaces it
      layout.header.height = 100;
      await api.call(REPORTING_API.createReportConfig, { centreId: a.centres.c1, layout }, { session: adminA });
      expect(
        (await api.call(REPORTING_API.getReportConfig, { centreId: a.centres.c1 }, { session: gcaA })).layout.header
          .height,
      ).toBe(100);
    });

    it('refuses a layout past its limits, a radiologist, a centre out of reach and another company', async () => {
      const tall = defaultReportLayout();
      tall.header.height = 250;
      tall.footer.height = 250;
      const refused = await api.reply(
        REPORTING_API.createReportConfig,
        { centreId: a.centres.c1, layout: tall },
        { session: adminA },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(LAYOUT_MESSAGES.chromeTooTall);
      const margin = defaultReportLayout();
      margin.body.margins.left = 500;
      expect(
        (
          await api.reply(
            REPORTING_API.createReportConfig,
            { centreId: a.centres.c1, layout: margin },
            { session: adminA },
          )
        ).status,
      ).toBe(400);

      const ok = defaultReportLayout();
      expect(
        (
          await api.reply(
            REPORTING_API.createReportConfig,
            { centreId: a.centres.c1, layout: ok },
            { session: radiologistA },
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await api.reply(
            REPORTING_API.createReportConfig,
            { centreId: a.centres.c1, layout: ok },
            { session: centreAdminA },
          )
        ).status,
      ).toBe(404);
      expect(
        (await api.reply(REPORTING_API.getReportConfig, { centreId: a.centres.c3 }, { session: radiologistA })).status,
      ).toBe(404);
      // another company's centre is not one of the caller's: 404, as a centre out of reach (decision 0214)
      const other = await api.reply(REPORTING_API.getReportConfig, { centreId: a.centres.c1 }, { session: adminB });
      expect([other.status, other.body.message]).toEqual([404, TEMPLATE_MESSAGES.centreOutOfReach]);
    });

    it('keeps a header logo uploaded with a presigned PUT, and refuses one never uploaded', async () => {
      const { uploadUrl, fileID } = await api.call(
        REPORTING_API.layoutImageUploadUrl,
        { centreId: a.centres.c3, kind: 'headerLogo', contentType: 'image/png', size: PNG.length },
        { session: centreAdminA },
      );
      const put = await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'Content-Type': 'image/png' } });
      expect(put.status).toBe(200);
      const layout = defaultReportLayout();
      layout.header.logo = { fileID };
      await api.call(REPORTING_API.createReportConfig, { centreId: a.centres.c3, layout }, { session: centreAdminA });
      const read = await api.call(REPORTING_API.getReportConfig, { centreId: a.centres.c3 }, { session: centreAdminA });
      expect(read.layout.header.logo).toEqual({ fileID });
      const image = await fetch(read.assets.headerLogoUrl!);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

      const missing = defaultReportLayout();
      missing.header.logo = { fileID: fileID.replace(/headerLogo-[^.]+/, 'headerLogo-never-uploaded') };
      const refused = await api.reply(
        REPORTING_API.createReportConfig,
        { centreId: a.centres.c3, layout: missing },
        { session: centreAdminA },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(TEMPLATE_MESSAGES.logoMissing);
      const foreign = defaultReportLayout();
      foreign.header.logo = { fileID };
      // the c3 file is not c1's
      const crossed = await api.reply(
        REPORTING_API.createReportConfig,
        { centreId: a.centres.c1, layout: foreign },
        { session: adminA },
      );
      expect(crossed.status).toBe(400);
    });
  });
});
