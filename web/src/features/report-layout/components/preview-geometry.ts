import {
  bodyBudget,
  BODY_PADDING_DEFAULT_PX,
  layoutFooterHeight,
  layoutHeaderHeight,
  patientBlockHeight,
  printedDetails,
  REPORT_PAGE_BUDGET_PX,
  type PaperType,
  type ReportLayout,
} from '@rayworks/contracts';

/**
 * The page geometry the preview draws, from the shared rules of spec §9 (libs/contracts reporting/layout-rules.ts,
 * the same the print document and the PDF use): a 1000 px page budget minus header, footer, the patient-details
 * block and the padding (300 px, the middle of 250–350).
 */
export const PAGE_BUDGET_PX = REPORT_PAGE_BUDGET_PX;
export const PREVIEW_PADDING_PX = BODY_PADDING_DEFAULT_PX;

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
  // the rows the print document prints: the layout's and the required ones it lacks (decision 0343), so the page
  // preview's budget is the PDF's
  const patientBlock = patientBlockHeight(printedDetails(layout).length);
  const body = bodyBudget({
    headerHeight: header,
    footerHeight: footer,
    patientBlockHeight: patientBlock,
    padding: PREVIEW_PADDING_PX,
  });
  return { header, footer, patientBlock, padding: PREVIEW_PADDING_PX, body };
}
