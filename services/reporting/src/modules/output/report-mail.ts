import { personName } from '@rayworks/contracts';
import type { MailMessage } from '@rayworks/nest-kit';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A file name safe in a Content-Disposition header: letters, digits, dot, dash and underscore. */
export const pdfFileName = (patientName: string | null, version: number): string => {
  const base = (patientName ?? '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `${base ? `Report_${base}` : 'Report'}_v${version}.pdf`;
};

/** The e-mail that carries a report's PDF (to the patient or the referrer). The subject names no patient. */
export function reportMail(input: {
  to: string;
  name: string | null;
  patientName: string | null;
  testName: string | null;
  version: number;
  pdf: Buffer;
}): MailMessage {
  const hello = input.name ? `Hello ${input.name},` : 'Hello,';
  const what = input.testName ? `the ${input.testName} report` : 'the report';
  // the patient's name as people read it ('Sharma^Rohan' → 'Sharma Rohan'), as the printed report shows it
  const of = input.patientName?.trim() ? ` of ${personName(input.patientName)}` : '';
  const text = `${hello}\n\nPlease find attached ${what}${of}.\n\nThis e-mail was sent by Rayworks on behalf of the diagnostic centre. If you were not expecting it, please delete it.\n`;
  return {
    to: input.to,
    subject: input.testName ? `Your report: ${input.testName}` : 'Your report',
    text,
    html: `<p>${escape(hello)}</p><p>Please find attached ${escape(what)}${escape(of)}.</p><p>This e-mail was sent by Rayworks on behalf of the diagnostic centre. If you were not expecting it, please delete it.</p>`,
    attachments: [
      { filename: pdfFileName(input.patientName, input.version), content: input.pdf, contentType: 'application/pdf' },
    ],
  };
}
