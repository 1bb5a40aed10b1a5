import { describe, expect, it } from '@jest/globals';
import {
  escapeHtml,
  renderReportDocument,
  safeImageUrl,
  type PrintLayout,
  type PrintReport,
} from './print-document.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const layout = (over: Partial<PrintLayout> = {}): PrintLayout => ({
  paperType: 'A4',
  header: { enable: true, logo: { fileID: 'f1' }, height: 100, text: 'City <Imaging> Centre' },
  footer: {
    enable: true,
    height: 60,
    contentType: 'text',
    logo: null,
    text: 'Footer & address line',
    enableFooterFields: true,
    footFieldsHeight: 30,
    footerFields: [{ label: 'Phone', value: '+91 000', type: 'text' }],
  },
  body: {
    waterMark: { enable: true, text: 'CONFIDENTIAL', image: null },
    margins: { top: 20, right: 30, bottom: 20, left: 30 },
    patientDetails: [
      { label: 'Age', value: 'age', order: 2 },
      { label: 'Patient Name', value: 'patientName', order: 1 },
      { label: 'Patient ID', value: 'mrID', order: 3 },
    ],
    testType: null,
    notePoints: ['Correlate clinically.'],
    tableDataLabels: [],
    interpretation: null,
  },
  ...over,
});

const report = (over: Partial<PrintReport> = {}): PrintReport => ({
  id: '7f1c1a52-0000-4000-8000-000000000001',
  status: 'FINAL',
  version: 3,
  reportHTML: '<p>No acute <strong>abnormality</strong>.</p>',
  testName: 'CT Brain <plain>',
  doctorInfo: { doctorName: 'Dr. A <b>Rao</b>', qualificationName: 'MD' },
  footerTopFields: [{ label: 'Ref', value: 'x"y' }],
  patient: { patientName: 'Ravi <script>alert(1)</script> Kumar', age: 42, gender: 'M', mrID: 'MR-1' },
  study: { modality: 'CT', studyDate: '2026-11-27T07:35:00Z' },
  finalizedAt: '2026-11-27T12:00:00Z',
  addenda: [
    {
      id: 'a1',
      status: 'FINAL',
      html: '<p>Addendum text</p>',
      addendumDoctorInfo: { doctorName: 'Dr. B', qualificationName: null },
      finalizedAt: '2026-11-28T00:00:00Z',
    },
  ],
  ...over,
});

describe('renderReportDocument', () => {
  it('is a whole HTML document with the page size of the paper type and no script', () => {
    const html = renderReportDocument({ report: report(), layout: layout(), assets: { headerLogo: PNG } });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('@page { size: A4; margin: 20px 30px 20px 30px; }');
    expect(renderReportDocument({ report: report(), layout: layout({ paperType: 'Legal' }) })).toContain(
      'size: legal;',
    );
    expect(renderReportDocument({ report: report(), layout: layout({ paperType: 'Letter' }) })).toContain(
      'size: letter;',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
  });

  it('repeats header, footer and watermark on every page: fixed parts, and a flowing body padded clear of them on each page', () => {
    const html = renderReportDocument({ report: report(), layout: layout(), assets: { headerLogo: PNG } });
    // header 100 + patient block of 3 rows and the 4 every report names (decision 0343): 4 pairs, 150 at most
    expect(html).toContain('<div class="report-top" style="height:250px">');
    // every page's fragment of the body is padded by the top block and the footer (+ a 12 px gap): cloned per page
    expect(html).toContain('<div class="report-flow" style="padding-top:262px;padding-bottom:102px">');
    expect(html).toMatch(/\.report-flow \{[^}]*box-decoration-break: clone/);
    // footer 60 + footer fields 30
    expect(html).toContain('data-part="footer" style="height:90px"');
    expect(html).toMatch(/\.report-top \{ position: fixed; top: 0;/);
    expect(html).toMatch(/\.report-footer \{ position: fixed; bottom: 0;/);
    expect(html).toMatch(/\.watermark \{ position: fixed;/);
    expect(html).toContain('<span>CONFIDENTIAL</span>');
    expect(html).toContain(`<img class="header-logo" alt="" src="${PNG}">`);
    expect(html).toContain('Footer &#38; address line');
    expect(html).toContain('<span class="footer-field-label">Phone</span>');
    // 1000 − 100 − 90 − 150 − 300
    expect(html).toContain('data-body-budget="360"');
  });

  it('orders the patient block by `order` and shows the patient values', () => {
    const html = renderReportDocument({ report: report(), layout: layout() });
    const name = html.indexOf('Patient Name');
    const age = html.indexOf('>Age<');
    const id = html.indexOf('Patient ID');
    expect(name).toBeGreaterThan(0);
    expect(name).toBeLessThan(age);
    expect(age).toBeLessThan(id);
    expect(html).toContain('<span class="patient-value">42</span>');
    expect(html).toContain('<span class="patient-value">MR-1</span>');
  });

  it('prints a DICOM person name as people read it, and a study date as a day', () => {
    const html = renderReportDocument({
      report: report({ patient: { patientName: 'Sharma^Rohan', mrID: 'MR-2' } }),
      layout: layout({
        body: {
          ...layout().body,
          patientDetails: [
            { label: 'Patient Name', value: 'patientName', order: 1 },
            { label: 'Study Date', value: 'studyDate', order: 2 },
          ],
        },
      }),
    });
    expect(html).toContain('Sharma Rohan');
    expect(html).not.toContain('Sharma^Rohan');
    expect(html).toContain('27 Nov 2026<');
  });

  it('escapes every text it inserts and keeps the (sanitised) body as it is', () => {
    const html = renderReportDocument({ report: report(), layout: layout() });
    expect(html).toContain('Ravi &#60;script&#62;alert(1)&#60;/script&#62; Kumar');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('CT Brain &#60;plain&#62;');
    expect(html).toContain('Dr. A &#60;b&#62;Rao&#60;/b&#62;');
    expect(html).toContain('City &#60;Imaging&#62; Centre');
    expect(html).toContain('x&#34;y');
    expect(html).toContain('<p>No acute <strong>abnormality</strong>.</p>');
  });

  it('drops images that are not data: raster URLs', () => {
    const html = renderReportDocument({
      report: report(),
      layout: layout(),
      assets: {
        headerLogo: 'https://evil.example/x.png',
        signature: 'javascript:alert(1)',
        footerLogo: 'data:image/svg+xml;base64,PHN2Zz4=',
      },
    });
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('svg+xml');
    expect(safeImageUrl(PNG)).toBe(PNG);
    expect(safeImageUrl('data:image/png;base64,abc"onerror=x')).toBeNull();
  });

  it('signs a FINAL report with the doctor, the signature and the en-GB date, and puts addenda below it', () => {
    const html = renderReportDocument({ report: report(), layout: layout(), assets: { signature: PNG } });
    expect(html).toContain(`<img class="signature-img" alt="Signature" src="${PNG}">`);
    expect(html).toContain('<div class="doctor-qualification">MD</div>');
    expect(html).toContain('<div class="signed-at">27 Nov 2026, 12:00 PM</div>');
    expect(html.indexOf('data-part="body"')).toBeLessThan(html.indexOf('data-part="addendum"'));
    expect(html).toContain('<p>Addendum text</p>');
    expect(html).toContain('<div class="doctor-name">Dr. B</div>');
    expect(html).toContain('28 Nov 2026, 12:00 AM');
    expect(html).not.toContain('data-part="draft"');
  });

  it('marks a report that is not final and does not sign it', () => {
    const html = renderReportDocument({
      report: report({ status: 'DRAFT' }),
      layout: layout(),
      assets: { signature: PNG },
    });
    expect(html).toContain('data-part="draft"');
    expect(html).not.toContain('class="signature-img"');
  });

  it('leaves out a disabled header, footer and watermark; the study rows every report names stay', () => {
    const base = layout();
    const html = renderReportDocument({
      report: report(),
      layout: {
        ...base,
        header: { ...base.header, enable: false },
        footer: { ...base.footer, enable: false },
        body: { ...base.body, waterMark: { enable: false, text: 'CONFIDENTIAL' }, patientDetails: [] },
      },
    });
    expect(html).not.toContain('data-part="header"');
    expect(html).not.toContain('data-part="footer"');
    expect(html).not.toContain('data-part="watermark"');
    // accession, modality, study, referrer: 2 pairs, 120 px (decision 0343)
    expect(html).toContain('data-part="patient" style="height:120px"');
    expect(html).toContain('<div class="report-flow" style="padding-top:132px;padding-bottom:12px">');
    expect(html).toContain('data-body-budget="580"');
  });

  it('escapes quotes and angle brackets', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;');
    expect(escapeHtml(null)).toBe('');
  });
});

describe('renderReportDocument footer fields', () => {
  it("fills the signer's fields of a FINAL report from doctorInfo and the finalize date", () => {
    const base = layout();
    const l: PrintLayout = {
      ...base,
      footer: {
        ...base.footer,
        footerFields: [
          { label: 'Reported by', value: '', type: 'doctorName' },
          { label: 'Qualification', value: '', type: 'qualificationName' },
          { label: 'Date', value: '', type: 'date' },
          { label: 'Sign', value: '', type: 'signature' },
          { label: 'Phone', value: '<123>', type: 'text' },
        ],
      },
    };
    const html = renderReportDocument({ report: report(), layout: l, assets: { signature: PNG } });
    expect(html).toContain('<span class="footer-field-value">Dr. A &#60;b&#62;Rao&#60;/b&#62;</span>');
    expect(html).toContain('<span class="footer-field-value">MD</span>');
    expect(html).toContain('<span class="footer-field-value">27 Nov 2026, 12:00 PM</span>');
    // the signature is printed once, in the signature block below the report, not in the footer (decision 0343)
    expect(html).not.toContain('footer-signature');
    expect(html).not.toContain('Sign</span>');
    expect(html.match(/data-part="signature"/g)).toHaveLength(1);
    expect(html.match(/alt="Signature"/g)).toHaveLength(1);
    expect(html).toContain('<span class="footer-field-value">&#60;123&#62;</span>');
    const draft = renderReportDocument({
      report: report({ status: 'IN_REVIEW' }),
      layout: l,
      assets: { signature: PNG },
    });
    expect(draft).not.toContain('data-part="signature"');
    // a signer's fact the report lacks is left out, label and all
    const noQualification = renderReportDocument({
      report: report({ doctorInfo: { doctorName: 'Dr. C', qualificationName: null } }),
      layout: l,
    });
    expect(noQualification).not.toContain('>Qualification<');
    expect(noQualification).toContain('<span class="footer-field-label">Phone</span>');
    expect(draft).not.toContain('27 Nov 2026, 12:00 PM');
  });
});

describe('renderReportDocument: what every printed report names (decision 0343)', () => {
  const full = report({
    testName: null,
    patient: {
      patientName: 'Asha Rao',
      age: '42Y',
      gender: 'F',
      mrID: 'MR-7',
      registrationID: 'ACC-2026-0042',
      referredName: 'Dr. Meera Iyer',
    },
    study: { modality: 'CT', studyDescription: 'CT Chest (plain)', studyDate: '2026-11-27', bodyPart: 'CHEST' },
  });
  const valueOf = (html: string, label: string) =>
    new RegExp(
      `<span class="patient-label">${label}</span><span class="patient-sep">:</span><span class="patient-value">([^<]*)</span>`,
    ).exec(html)?.[1];

  it('adds the accession number, modality, study and referrer to a layout that lacks them', () => {
    const html = renderReportDocument({ report: full, layout: layout() });
    expect(valueOf(html, 'Accession No.')).toBe('ACC-2026-0042');
    expect(valueOf(html, 'Modality')).toBe('CT');
    expect(valueOf(html, 'Study')).toBe('CT Chest (plain)');
    expect(valueOf(html, 'Referred By')).toBe('Dr. Meera Iyer');
    // the layout's own rows first, in their order
    expect(html.indexOf('>Patient Name<')).toBeLessThan(html.indexOf('>Accession No.<'));
  });

  it("keeps the layout's label and place for a required row it lists, once", () => {
    const base = layout();
    const l = layout({
      body: {
        ...base.body,
        patientDetails: [
          { label: 'Acc #', value: 'registrationID', order: 1 },
          { label: 'Patient Name', value: 'patientName', order: 2 },
        ],
      },
    });
    const html = renderReportDocument({ report: full, layout: l });
    expect(valueOf(html, 'Acc #')).toBe('ACC-2026-0042');
    expect(html).not.toContain('>Accession No.<');
    expect(html.match(/ACC-2026-0042/g)).toHaveLength(1);
    expect(html.indexOf('>Acc #<')).toBeLessThan(html.indexOf('>Patient Name<'));
  });

  it("heads the report with the study's test, not the template's, when the report names none", () => {
    const html = renderReportDocument({ report: full, layout: layout() });
    expect(html).toContain('<h1 class="test-name" data-part="test-name">CT Chest (plain)</h1>');
    const named = renderReportDocument({ report: { ...full, testName: 'HRCT Chest' }, layout: layout() });
    expect(named).toContain('data-part="test-name">HRCT Chest</h1>');
    const bare = renderReportDocument({
      report: { ...full, study: { modality: 'CT', studyDescription: null } },
      layout: layout(),
    });
    expect(bare).not.toContain('data-part="test-name"');
  });

  it('prints one signature block for a FINAL report, whatever the footer holds', () => {
    const base = layout();
    const l: PrintLayout = {
      ...base,
      footer: { ...base.footer, footerFields: [{ label: 'Signature', value: '', type: 'signature' }] },
    };
    const html = renderReportDocument({ report: full, layout: l, assets: { signature: PNG } });
    expect(html.match(/data-part="signature"/g)).toHaveLength(1);
    expect(html.match(/<img[^>]*alt="Signature"/g)).toHaveLength(1);
    // a footer of only a signature field shows no fields row at all
    expect(html).not.toContain('data-part="footer-fields"');
  });
});
