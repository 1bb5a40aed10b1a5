import { bodyBudget, clampBodyPadding, formatReportDate, formatReportDay, patientBlockHeight } from './layout-rules.js';
import { personName } from '../cases/person-name.js';

/**
 * The print document of a report (spec §3 layout, §9 page rules): one whole HTML document used by the PDF worker
 * (headless Chromium prints it), `/report/html/{id}` (the console's print view) and the layout screen's live
 * preview, so paper, preview and PDF are the same.
 *
 * Technique (works in Chromium print): the header (+ the patient block) and the footer are `position: fixed`, which
 * Chromium repeats on every printed page; the flowing body is one block whose top and bottom padding are their
 * heights (plus a gap) with `box-decoration-break: clone`, so every page's fragment of it starts below the top block
 * and ends above the footer. (A table with `thead`/`tfoot` spacers did the same until the top block was taller than a
 * quarter of the page: Chromium then stops repeating a table's header group, and the text of every further page ran
 * under the header.) The watermark is fixed too. The document carries no script and a Content-Security-Policy that allows none; images are data: URLs.
 *
 * Every text inserted is escaped; `report.reportHTML` and addenda HTML are inserted as they are: they were sanitised
 * by the server when saved (services/reporting/src/common/sanitise-html.ts).
 */

/** The parts of the spec §3 layout configuration the document uses (structurally the `ReportLayout` of layout.ts). */
export interface PrintLayout {
  paperType: string;
  header: { enable: boolean; logo?: { fileID: string } | null; height: number; text?: string | null };
  footer: {
    enable: boolean;
    height: number;
    contentType: 'text' | 'image' | 'fields' | string;
    logo?: { fileID: string } | null;
    text?: string | null;
    enableFooterFields?: boolean;
    footFieldsHeight?: number;
    footerFields?: readonly { label: string; value: string; type?: string | null }[];
  };
  body: {
    waterMark?: { enable: boolean; text?: string | null; image?: unknown } | null;
    margins?: { top: number; right: number; bottom: number; left: number } | null;
    patientDetails?: readonly { label: string; value: string; order: number }[];
    testType?: string | null;
    notePoints?: readonly string[];
    tableDataLabels?: readonly string[];
    interpretation?: string | null;
  };
}

export interface PrintDoctorInfo {
  doctorName: string;
  qualificationName?: string | null;
}

export interface PrintAddendum {
  id: string;
  status: string;
  html: string;
  addendumDoctorInfo?: PrintDoctorInfo | null;
  finalizedAt?: string | null;
  createdAt?: string | null;
}

/** The parts of a `Report` (report-entities.ts) the document shows. */
export interface PrintReport {
  id: string;
  status: string;
  version: number;
  reportHTML: string;
  testName?: string | null;
  doctorInfo?: PrintDoctorInfo | null;
  footerTopFields?: readonly { label: string; value: string }[];
  patient: {
    patientName: string;
    age?: string | number | null;
    gender?: string | null;
    dateOfBirth?: string | null;
    mrID?: string | null;
    registrationID?: string | null;
    referredName?: string | null;
    phoneNumber?: string | null;
  };
  study?: {
    modality?: string | null;
    studyDescription?: string | null;
    studyDate?: string | null;
    bodyPart?: string | null;
  } | null;
  finalizedAt?: string | null;
  createdAt?: string | null;
  addenda?: readonly PrintAddendum[];
}

/** Images as data: URLs (the worker reads them from the object store; anything else is dropped). */
export interface PrintAssets {
  headerLogo?: string | null;
  footerLogo?: string | null;
  watermarkImage?: string | null;
  /** The signing doctor's signature. */
  signature?: string | null;
  /** Signatures of the addenda's doctors, by addendum id. */
  addendumSignatures?: Readonly<Record<string, string | null | undefined>>;
  /** Text shown in the header beside the logo when the layout has none (e.g. the centre's name). */
  headerText?: string | null;
  /** IANA zone the dates are shown in (UTC by default). */
  timeZone?: string;
  /** Adds a "DRAFT" mark when the report is not FINAL (true by default). */
  markDraft?: boolean;
  /** Shows addenda still in DRAFT (the editor's preview); the PDF shows FINAL addenda only. */
  includeDraftAddenda?: boolean;
}

export interface RenderReportDocumentInput {
  report: PrintReport;
  layout: PrintLayout;
  assets?: PrintAssets;
  /**
   * The rows printed whatever the layout lists (default REPORT_REQUIRED_DETAILS, an imaging report's); a lab report
   * has no modality or study and prints the centre's rows only (its registration is its accession).
   */
  requiredDetails?: readonly { label: string; value: string }[];
}

/** Page sizes of the paper types (spec §3 paperType), as CSS `@page size`. */
export const PAPER_SIZES: Readonly<Record<string, { css: string; widthMm: number; heightMm: number }>> = {
  A4: { css: 'A4', widthMm: 210, heightMm: 297 },
  Letter: { css: 'letter', widthMm: 215.9, heightMm: 279.4 },
  Legal: { css: 'legal', widthMm: 215.9, heightMm: 355.6 },
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
/** A data: URL of a raster image, or null (no remote fetches, no SVG, no other scheme). */
export function safeImageUrl(value: string | null | undefined): string | null {
  return value && DATA_IMAGE.test(value) ? value.replace(/\s+/g, '') : null;
}

const px = (n: number | null | undefined, fallback = 0): number =>
  Number.isFinite(n) && (n as number) > 0 ? Math.round(n as number) : fallback;

/** The patient keys a patient-details row may show (`value`), and a few of the study and report. */
function detailValue(key: string, report: PrintReport, timeZone: string): string {
  const p = report.patient as Record<string, unknown>;
  const s = (report.study ?? {}) as Record<string, unknown>;
  switch (key) {
    case 'dateOfBirth':
      return p.dateOfBirth ? formatReportDay(String(p.dateOfBirth), 'UTC') || String(p.dateOfBirth) : '';
    case 'studyDate':
      return s.studyDate ? formatReportDay(String(s.studyDate), 'UTC') || String(s.studyDate) : '';
    case 'patientName':
      return personName(report.patient.patientName);
    case 'reportDate':
    case 'finalizedAt':
      return formatReportDate(report.finalizedAt ?? null, timeZone);
    case 'testName':
      return report.testName ?? '';
  }
  if (key in p) return p[key] === null || p[key] === undefined ? '' : String(p[key]);
  if (key in s) return s[key] === null || s[key] === undefined ? '' : String(s[key]);
  return '';
}

function signatureBlock(
  doctor: PrintDoctorInfo | null | undefined,
  signature: string | null,
  when: string,
  cls: string,
  part: 'signature' | 'addendum-signature',
): string {
  if (!doctor) return '';
  return `<div class="${cls}" data-part="${part}">${
    signature ? `<img class="signature-img" alt="Signature" src="${escapeHtml(signature)}">` : ''
  }<div class="doctor-name">${escapeHtml(doctor.doctorName)}</div>${
    doctor.qualificationName ? `<div class="doctor-qualification">${escapeHtml(doctor.qualificationName)}</div>` : ''
  }${when ? `<div class="signed-at">${escapeHtml(when)}</div>` : ''}</div>`;
}

/**
 * What every printed report names, whatever the centre's layout holds (docs/decisions/0343-report-pdf-content.md):
 * the accession number, the modality, the study and the referrer. A layout that lists one keeps its label and place;
 * one it lacks is added after the layout's rows, with these labels.
 */
export const REPORT_REQUIRED_DETAILS: readonly { label: string; value: string }[] = [
  { label: 'Accession No.', value: 'registrationID' },
  { label: 'Modality', value: 'modality' },
  { label: 'Study', value: 'studyDescription' },
  { label: 'Referred By', value: 'referredName' },
];

/** The layout's patient-details rows in order, then the required ones it lacks (an imaging report's by default). */
export function printedDetails(
  layout: PrintLayout,
  required: readonly { label: string; value: string }[] = REPORT_REQUIRED_DETAILS,
): { label: string; value: string }[] {
  const rows = [...(layout.body.patientDetails ?? [])].sort((a, b) => a.order - b.order);
  const listed = new Set(rows.map((d) => d.value));
  return [...rows.map(({ label, value }) => ({ label, value })), ...required.filter((d) => !listed.has(d.value))];
}

/**
 * The report's heading: the test the study is (decision 0343) — the report's own test name, else the study's
 * description (a registered case's is the registration's test), else the layout's test type; never the template's
 * name.
 */
export function printTitleOf(report: PrintReport, layout: PrintLayout): string {
  return report.testName?.trim() || report.study?.studyDescription?.trim() || layout.body.testType?.trim() || '';
}

/** The space between the body and the fixed top block (header + patient details) and the footer, on every page. */
const BODY_GAP_PX = 12;

export function renderReportDocument({
  report,
  layout,
  assets = {},
  requiredDetails = REPORT_REQUIRED_DETAILS,
}: RenderReportDocumentInput): string {
  const timeZone = assets.timeZone ?? 'UTC';
  const paper = PAPER_SIZES[layout.paperType] ?? PAPER_SIZES.A4!;
  const margins = layout.body.margins ?? { top: 20, right: 20, bottom: 20, left: 20 };

  const details = printedDetails(layout, requiredDetails);
  const blockHeight = patientBlockHeight(details.length);
  const headerHeight = layout.header.enable ? px(layout.header.height) : 0;
  // the signature is printed once, in the signature block below the report (decision 0343): a footer field of type
  // 'signature' (which repeated it on every page) is not printed
  const shownFooterFields = (layout.footer.footerFields ?? []).filter((f) => f.type !== 'signature');
  const footerFieldsShown = layout.footer.enable && !!layout.footer.enableFooterFields && shownFooterFields.length > 0;
  const footerFieldsHeight = footerFieldsShown ? px(layout.footer.footFieldsHeight, 40) : 0;
  const footerHeight = layout.footer.enable ? px(layout.footer.height) + footerFieldsHeight : 0;
  const topHeight = headerHeight + blockHeight;
  const budget = bodyBudget({
    headerHeight,
    footerHeight,
    patientBlockHeight: blockHeight,
    padding: clampBodyPadding(),
  });

  const headerLogo = safeImageUrl(assets.headerLogo);
  const footerLogo = safeImageUrl(assets.footerLogo);
  const watermarkImage = safeImageUrl(assets.watermarkImage);
  const signature = safeImageUrl(assets.signature);
  const headerText = layout.header.text || assets.headerText || '';

  const header = layout.header.enable
    ? `<div class="report-header" data-part="header" style="height:${headerHeight}px">${
        headerLogo ? `<img class="header-logo" alt="" src="${escapeHtml(headerLogo)}">` : ''
      }${headerText ? `<div class="header-text">${escapeHtml(headerText)}</div>` : ''}</div>`
    : '';

  const patientBlock =
    details.length > 0
      ? `<div class="patient-block" data-part="patient" style="height:${blockHeight}px">${details
          .map(
            (d) =>
              `<div class="patient-row"><span class="patient-label">${escapeHtml(d.label)}</span><span class="patient-sep">:</span><span class="patient-value">${escapeHtml(detailValue(d.value, report, timeZone))}</span></div>`,
          )
          .join('')}</div>`
      : '';

  let footerContent = '';
  if (layout.footer.contentType === 'image') {
    footerContent = footerLogo ? `<img class="footer-logo" alt="" src="${escapeHtml(footerLogo)}">` : '';
  } else if (layout.footer.contentType === 'text') {
    footerContent = layout.footer.text ? `<div class="footer-text">${escapeHtml(layout.footer.text)}</div>` : '';
  }
  const signer = report.status === 'FINAL' ? report.doctorInfo : null;
  /** A footer field's value by its type (layout.ts FOOTER_FIELD_TYPES): written text, or the signer's facts. */
  const footerFieldValue = (f: { value: string; type?: string | null }): string => {
    switch (f.type) {
      case 'doctorName':
        return escapeHtml(signer?.doctorName ?? f.value);
      case 'qualificationName':
        return escapeHtml(signer?.qualificationName ?? f.value);
      case 'date':
        return escapeHtml(signer ? formatReportDate(report.finalizedAt ?? null, timeZone) : f.value);
      default:
        return escapeHtml(f.value);
    }
  };
  const footerFields = footerFieldsShown
    ? `<div class="footer-fields" data-part="footer-fields" style="height:${footerFieldsHeight}px">${shownFooterFields
        // a signer's fact the report does not have (no qualification in the profile; not signed yet) is left out
        .filter((f) => !f.type || f.type === 'text' || footerFieldValue(f) !== '')
        .map(
          (f) =>
            `<div class="footer-field" data-type="${escapeHtml(f.type ?? 'text')}"><span class="footer-field-label">${escapeHtml(f.label)}</span> <span class="footer-field-value">${footerFieldValue(f)}</span></div>`,
        )
        .join('')}</div>`
    : '';
  const footer = layout.footer.enable
    ? `<div class="report-footer" data-part="footer" style="height:${footerHeight}px">${footerFields}<div class="footer-content" style="height:${px(layout.footer.height)}px">${footerContent}</div></div>`
    : '';

  const wm = layout.body.waterMark;
  const watermark =
    wm && wm.enable && (watermarkImage || wm.text)
      ? `<div class="watermark" data-part="watermark" aria-hidden="true">${
          watermarkImage ? `<img alt="" src="${escapeHtml(watermarkImage)}">` : `<span>${escapeHtml(wm.text)}</span>`
        }</div>`
      : '';

  const title = printTitleOf(report, layout);
  const isFinal = report.status === 'FINAL';
  const draftMark =
    !isFinal && assets.markDraft !== false ? `<div class="draft-mark" data-part="draft">DRAFT — not signed</div>` : '';
  const topFields = (report.footerTopFields ?? []).filter((f) => f.label || f.value);
  const notes = (layout.body.notePoints ?? []).filter(Boolean);

  const addenda = (report.addenda ?? [])
    .filter((a) => a.status === 'FINAL' || assets.includeDraftAddenda === true)
    .map((a) => {
      const sig = safeImageUrl(assets.addendumSignatures?.[a.id]);
      return `<section class="addendum" data-part="addendum" data-addendum-id="${escapeHtml(a.id)}"><h2 class="addendum-title">Addendum${
        a.status === 'FINAL' ? '' : ' (draft)'
      }</h2><div class="addendum-body">${a.html}</div>${signatureBlock(
        a.addendumDoctorInfo,
        sig,
        formatReportDate(a.finalizedAt ?? null, timeZone),
        'signature-block addendum-signature',
        'addendum-signature',
      )}</section>`;
    })
    .join('');

  const content = `${draftMark}${title ? `<h1 class="test-name" data-part="test-name">${escapeHtml(title)}</h1>` : ''}<div class="report-body" data-part="body">${report.reportHTML}</div>${
    layout.body.interpretation
      ? `<div class="interpretation"><strong>Interpretation:</strong> ${escapeHtml(layout.body.interpretation)}</div>`
      : ''
  }${
    topFields.length
      ? `<div class="footer-top-fields">${topFields
          .map(
            (f) =>
              `<div class="footer-top-field"><span class="ftf-label">${escapeHtml(f.label)}</span> <span class="ftf-value">${escapeHtml(f.value)}</span></div>`,
          )
          .join('')}</div>`
      : ''
  }${signatureBlock(
    isFinal ? report.doctorInfo : null,
    signature,
    isFinal ? formatReportDate(report.finalizedAt ?? null, timeZone) : '',
    'signature-block',
    'signature',
  )}${notes.length ? `<ul class="note-points">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}${addenda}`;

  const css = `
@page { size: ${paper.css}; margin: ${px(margins.top)}px ${px(margins.right)}px ${px(margins.bottom)}px ${px(margins.left)}px; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif; font-size: 13px; line-height: 1.45; color: #111; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.report-top { position: fixed; top: 0; left: 0; right: 0; background: #fff; z-index: 2; }
.report-header { display: flex; align-items: center; gap: 16px; overflow: hidden; border-bottom: 1px solid #999; }
.header-logo { max-height: 100%; max-width: 40%; object-fit: contain; }
.header-text { font-size: 18px; font-weight: 600; }
.patient-block { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: min-content; column-gap: 24px; row-gap: 2px; padding: 6px 0; overflow: hidden; border-bottom: 1px solid #999; align-content: center; }
.patient-row { display: flex; gap: 4px; min-width: 0; }
.patient-label { font-weight: 600; white-space: nowrap; }
.patient-value { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.report-footer { position: fixed; bottom: 0; left: 0; right: 0; background: #fff; z-index: 2; border-top: 1px solid #999; overflow: hidden; }
.footer-fields { display: flex; flex-wrap: wrap; gap: 2px 24px; align-items: center; align-content: center; font-size: 11px; line-height: 1.3; overflow: hidden; }
.footer-field { white-space: nowrap; }
.footer-field-label { font-weight: 600; }
.footer-content { display: flex; align-items: center; justify-content: center; overflow: hidden; font-size: 11px; text-align: center; }
.footer-logo { max-height: 100%; max-width: 100%; object-fit: contain; }
.watermark { position: fixed; top: 0; bottom: 0; left: 0; right: 0; display: flex; align-items: center; justify-content: center; z-index: 0; pointer-events: none; }
.watermark span { font-size: 96px; font-weight: 700; color: rgba(0,0,0,0.08); transform: rotate(-35deg); white-space: nowrap; }
.watermark img { max-width: 60%; max-height: 60%; opacity: 0.08; }
.report-flow { position: relative; z-index: 1; -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.test-name { font-size: 16px; text-align: center; text-decoration: underline; margin: 0 0 12px; }
.report-body { overflow-wrap: anywhere; }
.report-body table { border-collapse: collapse; }
.report-body td, .report-body th { border: 1px solid #999; padding: 2px 6px; }
.report-body img { max-width: 100%; }
.draft-mark { color: #b00; font-weight: 700; text-align: right; }
.interpretation { margin-top: 12px; }
.footer-top-fields { margin-top: 12px; display: flex; flex-wrap: wrap; gap: 4px 24px; }
.ftf-label { font-weight: 600; }
.signature-block { margin-top: 24px; margin-left: auto; width: 45%; text-align: right; break-inside: avoid; page-break-inside: avoid; }
.signature-img { max-height: 60px; max-width: 100%; }
.doctor-name { font-weight: 700; }
.signed-at { font-size: 11px; color: #444; }
.note-points { margin-top: 16px; font-size: 11px; color: #333; }
.addendum { margin-top: 24px; border-top: 1px dashed #666; padding-top: 8px; }
.addendum-title { font-size: 14px; margin: 0 0 8px; }
@media screen { body { max-width: ${paper.widthMm}mm; margin: 0 auto; padding: ${px(margins.top)}px ${px(margins.right)}px ${px(margins.bottom)}px ${px(margins.left)}px; position: relative; display: flex; flex-direction: column; } .report-top { order: 1; } .report-flow { order: 2; padding: ${BODY_GAP_PX}px 0 !important; } .report-footer { order: 3; } .report-top, .report-footer { position: static; } .watermark { position: absolute; } }
`;

  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title || 'Report'} — ${personName(report.patient.patientName)}`)}</title>
<style>${css}</style></head>
<body data-report-id="${escapeHtml(report.id)}" data-version="${escapeHtml(report.version)}" data-paper="${escapeHtml(layout.paperType)}" data-body-budget="${budget}" data-patient-block="${blockHeight}">
${watermark}<div class="report-top" style="height:${topHeight}px">${header}${patientBlock}</div>${footer}
<div class="report-flow" style="padding-top:${topHeight + BODY_GAP_PX}px;padding-bottom:${footerHeight + BODY_GAP_PX}px">${content}</div>
</body></html>
`;
}

/**
 * The layout printed when a centre has none and layout.ts's DEFAULT_REPORT_LAYOUT is not at hand: A4, no header
 * image, the main patient details, no watermark.
 */
export const FALLBACK_PRINT_LAYOUT: PrintLayout = {
  paperType: 'A4',
  header: { enable: false, logo: null, height: 0 },
  footer: {
    enable: false,
    height: 0,
    contentType: 'text',
    logo: null,
    text: null,
    enableFooterFields: false,
    footFieldsHeight: 0,
    footerFields: [],
  },
  body: {
    waterMark: { enable: false, text: null, image: null },
    margins: { top: 24, right: 36, bottom: 24, left: 36 },
    patientDetails: [
      { label: 'Patient Name', value: 'patientName', order: 1 },
      { label: 'Patient ID', value: 'mrID', order: 2 },
      { label: 'Age / Gender', value: 'age', order: 3 },
      { label: 'Study Date', value: 'studyDate', order: 4 },
    ],
    testType: null,
    notePoints: [],
    tableDataLabels: [],
    interpretation: null,
  },
};

/** A stored layout (any shape a centre saved) over the fallback, part by part, so a missing part never breaks printing. */
export function printLayoutOf(stored: unknown, fallback: PrintLayout = FALLBACK_PRINT_LAYOUT): PrintLayout {
  if (typeof stored !== 'object' || stored === null) return fallback;
  const s = stored as Partial<PrintLayout>;
  return {
    paperType: typeof s.paperType === 'string' ? s.paperType : fallback.paperType,
    header: { ...fallback.header, ...(s.header ?? {}) },
    footer: { ...fallback.footer, ...(s.footer ?? {}) },
    body: { ...fallback.body, ...(s.body ?? {}) },
  };
}
