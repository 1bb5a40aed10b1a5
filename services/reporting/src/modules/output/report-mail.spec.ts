import { describe, expect, it } from '@jest/globals';
import { pdfFileName, reportMail } from './report-mail.js';

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

  it('names no patient in the subject, and says nothing of a patient it does not know', () => {
    const mail = reportMail({ ...base, patientName: null });
    expect(mail.subject).toBe('Your report: CT Brain');
    expect(mail.text).toContain('Please find attached the CT Brain report.');
  });

  it('escapes the HTML part and attaches the PDF under a header-safe name', () => {
    const mail = reportMail({ ...base, name: '<b>x</b>', patientName: 'Sharma^Rohan' });
    expect(mail.html).not.toContain('<b>');
    expect(mail.attachments?.[0]?.filename).toBe('Report_Sharma_Rohan_v3.pdf');
    expect(pdfFileName('Ünïcode^Näme"; x', 1)).toMatch(/^Report_[\w.-]+_v1\.pdf$/);
  });
});
