import { describe, expect, it } from '@jest/globals';
import { pdfFileName, reportMail, reportMailSubject } from './report-mail.js';

const base = {
  to: 'p@example.test',
  name: 'Rohan Sharma',
  testName: 'CT Brain',
  version: 3,
  pdf: Buffer.from('%PDF-'),
};

describe('the report e-mail', () => {
  it("names the patient as people read it, not in DICOM's family^given form", () => {
    const mail = reportMail({ ...base, patientName: 'Sharma^Rohan' });
    expect(mail.text).toContain('the CT Brain report of Sharma Rohan.');
    expect(mail.text).not.toContain('^');
    expect(mail.html).toContain('of Sharma Rohan.');
  });

  it('says nothing of a patient it does not know', () => {
    const mail = reportMail({ ...base, patientName: null });
    expect(mail.subject).toBe('Report: CT Brain');
    expect(mail.text).toContain('Please find attached the CT Brain report.');
  });

  it('names the patient, the study and the centre in the subject (decision 0341), not "Your report"', () => {
    const mail = reportMail({ ...base, patientName: 'Sharma^Rohan', centreName: 'City Scan Centre' });
    expect(mail.subject).toBe('Report: Sharma Rohan · CT Brain · City Scan Centre');
    expect(mail.text).toContain('sent by Rayworks on behalf of City Scan Centre.');
    // without a test name, the study's own description, else its modality
    expect(
      reportMailSubject({
        patientName: 'Rao^Meera',
        testName: null,
        studyDescription: 'CT CHEST WITH CONTRAST',
        modality: 'CT',
        centreName: 'North Centre',
      }),
    ).toBe('Report: Rao Meera · CT CHEST WITH CONTRAST · North Centre');
    expect(reportMailSubject({ patientName: null, testName: null, modality: 'MR', centreName: null })).toBe(
      'Report: MR study',
    );
    expect(reportMailSubject({ patientName: ' ', testName: null })).toBe('Your report');
  });

  it('escapes the HTML part and attaches the PDF under a header-safe name', () => {
    const mail = reportMail({ ...base, name: '<b>x</b>', patientName: 'Sharma^Rohan' });
    expect(mail.html).not.toContain('<b>');
    expect(mail.attachments?.[0]?.filename).toBe('Report_Sharma_Rohan_v3.pdf');
    expect(pdfFileName('Ünïcode^Näme"; x', 1)).toMatch(/^Report_[\w.-]+_v1\.pdf$/);
  });
});
