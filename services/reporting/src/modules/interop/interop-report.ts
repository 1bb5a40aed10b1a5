import sanitizeHtml from 'sanitize-html';

/**
 * What the FHIR and HL7 builders take: one FINAL report as reporting stores it, with the case's study identifiers
 * (docs/decisions/0189-report-interoperability.md). Built by InteropService from reporting.reports,
 * reporting.report_addenda and the case; the builders are pure functions of it.
 */
export interface InteropReport {
  reportId: string;
  caseId: string;
  version: number;
  /** The report's sanitised HTML (reporting stores it sanitised). */
  reportHTML: string;
  testName: string | null;
  finalizedAt: string;
  doctorName: string | null;
  qualificationName: string | null;
  patient: {
    patientName: string;
    /** The patient ID (DICOM PatientID / the MRN). */
    mrID: string;
    gender: string | null;
    /** ISO date (YYYY-MM-DD) or DICOM DA (YYYYMMDD), as the report carries it. */
    dateOfBirth: string | null;
  };
  study: {
    modality: string | null;
    studyDescription: string | null;
    /** DICOM DA (YYYYMMDD) or ISO date. */
    studyDate: string | null;
    bodyPart: string | null;
    studyInstanceUid: string | null;
    accessionNumber: string | null;
  };
  centreName: string | null;
  centreId: string | null;
  /** The final addenda, oldest first: shown below the original, which they never change. */
  addenda: { id: string; html: string; doctorName: string | null; finalizedAt: string }[];
}

/** The system of Rayworks' own identifiers in FHIR and HL7 (a URN: no network address is implied). */
export const RAYWORKS_SYSTEM = 'urn:rayworks';
export const RAYWORKS_APPLICATION = 'RAYWORKS';

const BLOCK_END = /<\/(p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol)>/gi;

/**
 * The report's text: block ends and line breaks become new lines, table cells are separated by tabs, every tag is
 * dropped and entities decoded (by the maintained sanitiser, with nothing allowed), runs of blank lines collapse.
 */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(BLOCK_END, (m) => `${m}\n`);
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, '').replace(/^[ ]+/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

/** A DICOM DA (YYYYMMDD) or an ISO date/time → YYYY-MM-DD; null when it is neither. */
export function isoDate(value: string | null): string | null {
  if (!value) return null;
  const t = value.trim();
  const da = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (da) return `${da[1]}-${da[2]}-${da[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
}

/** The report's sex as FHIR's administrative gender. */
export function fhirGender(value: string | null): 'male' | 'female' | 'other' | 'unknown' {
  const g = (value ?? '').trim().toUpperCase();
  if (g === 'M' || g === 'MALE') return 'male';
  if (g === 'F' || g === 'FEMALE') return 'female';
  if (g === 'O' || g === 'OTHER') return 'other';
  return 'unknown';
}

/** The same as HL7 table 0001 (M, F, O, U). */
export function hl7Sex(value: string | null): 'M' | 'F' | 'O' | 'U' {
  return ({ male: 'M', female: 'F', other: 'O', unknown: 'U' } as const)[fhirGender(value)];
}

/** A minimal HTML document of the report with its addenda (FHIR presentedForm). */
export function reportHtmlDocument(r: InteropReport): string {
  const title = escapeHtml(r.testName ?? r.study.studyDescription ?? 'Radiology report');
  const addenda = r.addenda
    .map(
      (a) =>
        `<section class="addendum"><h2>Addendum (${escapeHtml(a.finalizedAt)}${a.doctorName ? `, ${escapeHtml(a.doctorName)}` : ''})</h2>${a.html}</section>`,
    )
    .join('');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${r.reportHTML}${addenda}</body></html>`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
