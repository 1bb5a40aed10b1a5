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

/** What the e-mail's subject and text name: the patient, the study (the report's test, else the study's own words), the centre. */
export interface ReportMailFacts {
  patientName: string | null;
  testName: string | null;
  studyDescription?: string | null;
  modality?: string | null;
  centreName?: string | null;
}

/** The study as the e-mail names it: the report's test, else the study's description, else its modality. */
const studyOf = (f: ReportMailFacts): string | null =>
  f.testName?.trim() || f.studyDescription?.trim() || (f.modality?.trim() ? `${f.modality.trim()} study` : null);

/**
 * The subject of a report's e-mail (decision 0341): what a recipient needs to tell one report from another in their
 * inbox — 'Report: <patient> · <study> · <centre>' with whatever of the three is known ('Your report' when none is).
 */
export function reportMailSubject(f: ReportMailFacts): string {
  const parts = [f.patientName?.trim() ? personName(f.patientName) : null, studyOf(f), f.centreName?.trim() || null];
  const known = parts.filter((p): p is string => Boolean(p));
  return known.length ? `Report: ${known.join(' · ')}` : 'Your report';
}

/** The e-mail that carries a report's PDF (to the patient or the referrer). */
export function reportMail(
  input: ReportMailFacts & { to: string; name: string | null; version: number; pdf: Buffer },
): MailMessage {
  const hello = input.name ? `Hello ${input.name},` : 'Hello,';
  const study = studyOf(input);
  const what = study ? `the ${study} report` : 'the report';
  // the patient's name as people read it ('Sharma^Rohan' → 'Sharma Rohan'), as the printed report shows it
  const of = input.patientName?.trim() ? ` of ${personName(input.patientName)}` : '';
  const centre = input.centreName?.trim() ? input.centreName.trim() : 'the diagnostic centre';
  const text = `${hello}\n\nPlease find attached ${what}${of}.\n\nThis e-mail was sent by Rayworks on behalf of ${centre}. If you were not expecting it, please delete it.\n`;
  return {
    to: input.to,
    subject: reportMailSubject(input),
    text,
    html: `<p>${escape(hello)}</p><p>Please find attached ${escape(what)}${escape(of)}.</p><p>This e-mail was sent by Rayworks on behalf of ${escape(centre)}. If you were not expecting it, please delete it.</p>`,
    attachments: [
      { filename: pdfFileName(input.patientName, input.version), content: input.pdf, contentType: 'application/pdf' },
    ],
  };
}
