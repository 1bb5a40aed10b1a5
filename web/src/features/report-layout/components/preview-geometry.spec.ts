import { describe, expect, it } from '@jest/globals';
import { DEFAULT_REPORT_LAYOUT, type ReportLayout } from '@rayworks/contracts';
import { previewGeometry } from './preview-geometry';

const withRows = (values: string[]): ReportLayout => ({
  ...DEFAULT_REPORT_LAYOUT,
  body: {
    ...DEFAULT_REPORT_LAYOUT.body,
    patientDetails: values.map((value, i) => ({ label: value, value, order: i + 1 })),
  } as ReportLayout['body'],
});

describe('the layout preview’s geometry', () => {
  it('sizes the patient block by the rows the print document prints, the required ones included (decision 0343)', () => {
    // four rows of the layout's own, and the four every report prints: 8 rows, 4 pairs, capped at 150 px
    expect(previewGeometry(withRows(['patientName', 'mrID', 'age', 'gender'])).patientBlock).toBe(150);
    // the four required rows only: 2 pairs, 120 px
    expect(
      previewGeometry(withRows(['referredName', 'registrationID', 'modality', 'studyDescription'])).patientBlock,
    ).toBe(120);
  });
});
