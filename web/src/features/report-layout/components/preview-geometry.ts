import { layoutFooterHeight, layoutHeaderHeight, type PaperType, type ReportLayout } from '@rayworks/contracts';

/**
 * The page geometry the preview draws, from spec §9's rules: a 1000 px page budget minus header, footer, the
 * patient-details block (70 px for the first row pair, +50 px per further pair, at most 150; none without rows) and
 * 300 px of padding (the middle of 250–350).
 * NOTE: the shared rules of libs/contracts/src/reporting/layout-rules.ts (helper "output") replace these two
 * functions once merged, so the preview, the print view and the PDF compute one way.
 */
export const PAGE_BUDGET_PX = 1000;
export const PREVIEW_PADDING_PX = 300;

export function previewPatientBlockHeight(rows: number): number {
  if (rows <= 0) return 0;
  return Math.min(150, 70 + (Math.ceil(rows / 2) - 1) * 50);
}

/** Width / height of the paper. */
export const PAPER_RATIO: Record<PaperType, number> = { A4: 210 / 297, Letter: 8.5 / 11, Legal: 8.5 / 14 };

export interface PreviewGeometry {
  header: number;
  footer: number;
  patientBlock: number;
  padding: number;
  body: number;
}

export function previewGeometry(layout: ReportLayout): PreviewGeometry {
  const header = layoutHeaderHeight(layout);
  const footer = layoutFooterHeight(layout);
  const patientBlock = previewPatientBlockHeight(layout.body.patientDetails.length);
  const body = Math.max(0, PAGE_BUDGET_PX - header - footer - patientBlock - PREVIEW_PADDING_PX);
  return { header, footer, patientBlock, padding: PREVIEW_PADDING_PX, body };
}
