import { describe, expect, it } from '@jest/globals';
import {
  fixedDecimalText,
  labReportBodyHtml,
  labReportRangeText,
  labReportValueText,
  renderLabReportDocument,
  type LabReportTest,
} from './lab-report-document.js';
import { FALLBACK_PRINT_LAYOUT, renderReportDocument } from '../reporting/print-document.js';

const test = (over: Partial<LabReportTest>): LabReportTest => ({
  orderId: 'o1',
  testCode: 'GLU',
  testName: 'Glucose',
  department: 'Laboratory',
  subDepartmentName: 'Biochemistry',
  method: null,
  loincCode: null,
  amendment: 0,
  signedAt: '2026-11-29T10:00:00.000Z',
  signer: null,
  lines: [],
  ...over,
});

describe('the lab report document', () => {
  it('rounds decimal text exactly, half away from zero, to the parameter’s decimals', () => {
    expect(fixedDecimalText('11.25', 1)).toBe('11.3');
    expect(fixedDecimalText('-11.25', 1)).toBe('-11.3');
    expect(fixedDecimalText('126', 0)).toBe('126');
    expect(fixedDecimalText('12', 1)).toBe('12.0');
    expect(fixedDecimalText('0.04', 1)).toBe('0.0');
    expect(fixedDecimalText('not a number', 2)).toBe('not a number');
  });

  it('prints values, choices and ranges', () => {
    expect(labReportValueText({ value: '4.5', decimals: 2 })).toBe('4.50');
    expect(labReportValueText({ value: ['Yellow', 'Clear'], decimals: 0 })).toBe('Yellow, Clear');
    expect(labReportValueText({ value: null, decimals: 0 })).toBe('');
    expect(labReportRangeText({ label: null, low: '70', high: '100' }, 0)).toBe('70 - 100');
    expect(labReportRangeText({ label: null, low: '40', high: null }, 0)).toBe('>= 40');
    expect(labReportRangeText({ label: 'Luteal phase', low: null, high: '1.5' }, 1)).toBe('Luteal phase: <= 1.5');
  });

  it('heads each department once, each sub-department once, escapes every text and marks an amendment', () => {
    const html = labReportBodyHtml({
      reportId: 'r',
      registrationNumber: 'R1',
      registeredAt: '2026-11-29T09:00:00.000Z',
      patient: { patientName: 'A', mrNumber: 'M', gender: 'Female', dateOfBirth: null, age: '40 Y' },
      tests: [
        test({ testCode: 'GLU', testName: 'Glucose <fasting>' }),
        test({ testCode: 'HB', subDepartmentName: 'Haematology', amendment: 1 }),
        test({ testCode: 'WBC', subDepartmentName: 'Haematology' }),
      ],
    });
    expect(html.match(/class="lab-department"/g)).toHaveLength(1);
    expect(html.match(/class="lab-sub-department"/g)).toHaveLength(2);
    expect(html).toContain('Glucose &#60;fasting&#62;');
    expect(html).toContain('Amended 29 Nov 2026');
  });

  it('names the outsourcing lab an outsourced test was performed at (decision 0313), and no lab for the others', () => {
    const html = labReportBodyHtml({
      reportId: 'r',
      registrationNumber: 'R1',
      registeredAt: '2026-11-29T09:00:00.000Z',
      patient: { patientName: 'A', mrNumber: 'M', gender: 'Female', dateOfBirth: null, age: '40 Y' },
      tests: [test({ testCode: 'VITD', performedAt: 'Metro <Reference> Lab' }), test({ testCode: 'GLU' })],
    });
    expect(html.match(/lab-performed-at/g)).toHaveLength(1);
    expect(html).toContain('Performed at: Metro &#60;Reference&#62; Lab');
  });

  it('prints the centre’s patient rows only: no imaging rows (Modality, Study, Referred By) the layout left out', () => {
    const layout = {
      ...FALLBACK_PRINT_LAYOUT,
      body: {
        ...FALLBACK_PRINT_LAYOUT.body,
        patientDetails: [
          { label: 'Name', value: 'patientName', order: 1 },
          { label: 'Lab No', value: 'registrationID', order: 2 },
        ],
      },
    };
    const view = {
      reportId: 'r',
      registrationNumber: 'R1',
      registeredAt: '2026-11-29T09:00:00.000Z',
      patient: { patientName: 'A', mrNumber: 'M', gender: 'Female', dateOfBirth: null, age: '40 Y' },
      tests: [test({})],
    };
    const lab = renderLabReportDocument(view, layout);
    for (const row of ['Modality', 'Study', 'Referred By']) expect(lab).not.toContain(`>${row}<`);
    expect(lab).toContain('Lab No');
    // an imaging report on the same layout names them (decision 0343)
    const imaging = renderReportDocument({
      report: {
        id: 'r',
        status: 'FINAL',
        version: 1,
        reportHTML: '<p>x</p>',
        addenda: [],
        patient: { patientName: 'A' },
      },
      layout,
    });
    for (const row of ['Modality', 'Study', 'Referred By']) expect(imaging).toContain(`>${row}<`);
  });
});
