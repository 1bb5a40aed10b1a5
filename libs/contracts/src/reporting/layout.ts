import { z } from 'zod';
import { PAPER_TYPES } from './states.js';

/**
 * A centre's report layout configuration (spec §3, names word for word; docs/decisions/0180-report-layout.md):
 * paper type; header (enable, logo, height); footer (enable, height, contentType, logo, enableFooterFields,
 * footFieldsHeight, footerFields of label/value/type); body (waterMark, margins, patientDetails of label/value/order,
 * testType, notePoints, tableDataLabels, interpretation). Heights and margins are CSS px on the 1000 px page budget of
 * spec §9 (libs/contracts/src/reporting/layout-rules.ts); the limits below keep a body on every page.
 */

/** The limits of the layout's heights and margins, in px. */
export const LAYOUT_LIMITS = {
  headerHeight: { min: 0, max: 250 },
  footerHeight: { min: 0, max: 250 },
  footFieldsHeight: { min: 0, max: 150 },
  margin: { min: 0, max: 100 },
  /**
   * Header + footer + footer fields (as far as enabled) at most: with the largest patient block (150) and padding
   * (350) the page budget (1000) keeps 50 px of body.
   */
  chromeTotal: { max: 450 },
  patientDetails: { max: 12 },
  footerFields: { max: 8 },
  notePoints: { max: 20 },
  tableDataLabels: { max: 20 },
  text: { max: 500 },
  label: { max: 60 },
} as const;

export const LAYOUT_MESSAGES = {
  chromeTooTall: `Header and footer together may be at most ${LAYOUT_LIMITS.chromeTotal.max} px, so the report body keeps room on every page`,
  duplicatePatientDetail: 'Each patient detail may appear once',
} as const;

/**
 * What a patient-details row shows (`value`): a key of the report's patient (Report.patient) or study
 * (Report.study), the same names.
 */
export const REPORT_PATIENT_KEYS = [
  'patientName',
  'age',
  'gender',
  'dateOfBirth',
  'mrID',
  'registrationID',
  'referredName',
  'phoneNumber',
  'modality',
  'studyDescription',
  'studyDate',
  'bodyPart',
] as const;
export type ReportPatientKey = (typeof REPORT_PATIENT_KEYS)[number];

/**
 * How a footer field's value is read: written text, or the report's finalizing doctor / date. 'signature' is kept
 * for the layouts saved with it but not printed: the signature is printed once, below the report (decision 0343).
 */
export const FOOTER_FIELD_TYPES = ['text', 'doctorName', 'qualificationName', 'signature', 'date'] as const;
export type FooterFieldType = (typeof FOOTER_FIELD_TYPES)[number];

export const FOOTER_CONTENT_TYPES = ['text', 'image', 'fields'] as const;
export type FooterContentType = (typeof FOOTER_CONTENT_TYPES)[number];

/** An image of the layout in the object store (reporting's layout upload URL gives the fileID). */
export const layoutFileSchema = z.object({ fileID: z.string().min(1).max(300) }).strict();
export type LayoutFile = z.infer<typeof layoutFileSchema>;

const px = (limit: { min: number; max: number }) => z.number().int().min(limit.min).max(limit.max);
const label = z.string().trim().min(1).max(LAYOUT_LIMITS.label.max);
const text = z.string().trim().max(LAYOUT_LIMITS.text.max);

export const footerFieldSchema = z.object({ label, value: text, type: z.enum(FOOTER_FIELD_TYPES) }).strict();
export type FooterField = z.infer<typeof footerFieldSchema>;

export const patientDetailSchema = z
  .object({ label, value: z.enum(REPORT_PATIENT_KEYS), order: z.number().int().min(0).max(99) })
  .strict();
export type PatientDetail = z.infer<typeof patientDetailSchema>;

const margin = px(LAYOUT_LIMITS.margin);

export const reportLayoutSchema = z
  .object({
    paperType: z.enum(PAPER_TYPES),
    header: z
      .object({
        enable: z.boolean(),
        logo: layoutFileSchema.nullable(),
        height: px(LAYOUT_LIMITS.headerHeight),
        /** Beyond spec §3: a line beside the logo (the centre's name), as the print document shows it. */
        text: text.nullable().default(null),
      })
      .strict(),
    footer: z
      .object({
        enable: z.boolean(),
        height: px(LAYOUT_LIMITS.footerHeight),
        contentType: z.enum(FOOTER_CONTENT_TYPES),
        logo: layoutFileSchema.nullable(),
        text: text.nullable(),
        enableFooterFields: z.boolean(),
        footFieldsHeight: px(LAYOUT_LIMITS.footFieldsHeight),
        footerFields: z.array(footerFieldSchema).max(LAYOUT_LIMITS.footerFields.max),
      })
      .strict(),
    body: z
      .object({
        waterMark: z
          .object({ enable: z.boolean(), text: text.nullable(), image: layoutFileSchema.nullable() })
          .strict(),
        margins: z.object({ top: margin, right: margin, bottom: margin, left: margin }).strict(),
        patientDetails: z.array(patientDetailSchema).max(LAYOUT_LIMITS.patientDetails.max),
        testType: text.nullable(),
        notePoints: z.array(text.min(1)).max(LAYOUT_LIMITS.notePoints.max),
        tableDataLabels: z.array(label).max(LAYOUT_LIMITS.tableDataLabels.max),
        interpretation: text.nullable(),
      })
      .strict(),
  })
  .strict()
  .superRefine((layout, ctx) => {
    if (layoutChromeHeight(layout) > LAYOUT_LIMITS.chromeTotal.max)
      ctx.addIssue({ code: 'custom', path: ['header', 'height'], message: LAYOUT_MESSAGES.chromeTooTall });
    const keys = layout.body.patientDetails.map((d) => d.value);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({
        code: 'custom',
        path: ['body', 'patientDetails'],
        message: LAYOUT_MESSAGES.duplicatePatientDetail,
      });
  });
export type ReportLayout = z.infer<typeof reportLayoutSchema>;

/** The header's height on the page (0 when disabled). */
export const layoutHeaderHeight = (layout: Pick<ReportLayout, 'header'>): number =>
  layout.header.enable ? layout.header.height : 0;

/** The footer's height on the page with its fields row when it shows fields (0 when disabled), as the print document. */
export const layoutFooterHeight = (layout: Pick<ReportLayout, 'footer'>): number =>
  layout.footer.enable
    ? layout.footer.height +
      (layout.footer.enableFooterFields && layout.footer.footerFields.length > 0 ? layout.footer.footFieldsHeight : 0)
    : 0;

/** Header + footer (+ footer fields) as far as enabled: what the page budget loses to the repeated parts. */
export const layoutChromeHeight = (layout: Pick<ReportLayout, 'header' | 'footer'>): number =>
  layoutHeaderHeight(layout) + layoutFooterHeight(layout);

/** The layout a centre has until one is saved (what /get/reportconfig answers then). */
export const DEFAULT_REPORT_LAYOUT: ReportLayout = Object.freeze({
  paperType: 'A4',
  header: { enable: true, logo: null, height: 120, text: null },
  footer: {
    enable: true,
    height: 60,
    contentType: 'fields',
    logo: null,
    text: null,
    enableFooterFields: true,
    footFieldsHeight: 40,
    footerFields: [
      { label: 'Reported by', value: '', type: 'doctorName' },
      { label: 'Qualification', value: '', type: 'qualificationName' },
      { label: 'Date', value: '', type: 'date' },
    ],
  },
  body: {
    waterMark: { enable: false, text: null, image: null },
    margins: { top: 20, right: 40, bottom: 20, left: 40 },
    patientDetails: [
      { label: 'Patient Name', value: 'patientName', order: 1 },
      { label: 'Patient ID', value: 'mrID', order: 2 },
      { label: 'Age', value: 'age', order: 3 },
      { label: 'Gender', value: 'gender', order: 4 },
      { label: 'Referred By', value: 'referredName', order: 5 },
      { label: 'Study Date', value: 'studyDate', order: 6 },
      { label: 'Accession No.', value: 'registrationID', order: 7 },
      { label: 'Modality', value: 'modality', order: 8 },
      { label: 'Study', value: 'studyDescription', order: 9 },
    ],
    testType: null,
    notePoints: [],
    tableDataLabels: [],
    interpretation: null,
  },
} satisfies ReportLayout) as ReportLayout;

/** A deep, mutable copy of the default layout (a form's starting point). */
export const defaultReportLayout = (): ReportLayout => structuredClone(DEFAULT_REPORT_LAYOUT) as ReportLayout;

/** Presigned URLs of the layout's images for a preview or the print document (null where there is none). */
export const layoutAssetsSchema = z.object({
  headerLogoUrl: z.string().nullable(),
  footerLogoUrl: z.string().nullable(),
  waterMarkImageUrl: z.string().nullable(),
});
export type LayoutAssets = z.infer<typeof layoutAssetsSchema>;

export const reportConfigSchema = z.object({
  centreId: z.uuid(),
  layout: reportLayoutSchema,
  /** True when the centre has saved no layout yet and `layout` is DEFAULT_REPORT_LAYOUT. */
  isDefault: z.boolean(),
  assets: layoutAssetsSchema,
  updatedAt: z.string().nullable(),
});
export type ReportConfig = z.infer<typeof reportConfigSchema>;

/** Layout images a browser may upload (presigned PUT, as auth's profile images). */
export const LAYOUT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const LAYOUT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
