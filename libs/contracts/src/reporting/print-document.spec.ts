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
    // header 100 + patient block of 3 rows (2 pairs) 120
    expect(html).toContain('<div class="report-top" style="height:220px">');
    // every page's fragment of the body is padded by the top block and the footer (+ a 12 px gap): cloned per page
    expect(html).toContain('<div class="report-flow" style="padding-top:232px;padding-bottom:102px">');
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
    // 1000 − 100 − 90 − 120 − 300
    expect(html).toContain('data-body-budget="390"');
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

  it('leaves out a disabled header, footer and watermark', () => {
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
    expect(html).not.toContain('data-part="patient"');
    expect(html).toContain('<div class="report-flow" style="padding-top:12px;padding-bottom:12px">');
    expect(html).toContain('data-body-budget="700"');
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
    expect(html).toContain('<img class="footer-signature"');
    expect(html).toContain('<span class="footer-field-value">&#60;123&#62;</span>');
    const draft = renderReportDocument({
      report: report({ status: 'IN_REVIEW' }),
      layout: l,
      assets: { signature: PNG },
    });
    expect(draft).not.toContain('class="footer-signature"');
    expect(draft).not.toContain('27 Nov 2026, 12:00 PM');
  });
});
