import type { MailMessage } from '@rayworks/nest-kit';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail that carries a lab report's PDF (to the patient or the referrer). The subject names no patient. */
export function labReportMail(input: {
  to: string;
  name: string | null;
  patientName: string;
  registrationNumber: string;
  pdf: Buffer;
}): MailMessage {
  const hello = input.name ? `Hello ${input.name},` : 'Hello,';
  const what = `the lab report of ${input.patientName} (registration ${input.registrationNumber})`;
  const footer =
    'This e-mail was sent by Rayworks on behalf of the diagnostic centre. If you were not expecting it, please delete it.';
  return {
    to: input.to,
    subject: 'Your lab report',
    text: `${hello}\n\nPlease find attached ${what}.\n\n${footer}\n`,
    html: `<p>${escape(hello)}</p><p>Please find attached ${escape(what)}.</p><p>${escape(footer)}</p>`,
    attachments: [
      {
        filename: `LabReport_${input.registrationNumber.replace(/[^\w.-]+/g, '_').slice(0, 60)}.pdf`,
        content: input.pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}
