import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_REPORT_LAYOUT,
  defaultReportLayout,
  LAYOUT_LIMITS,
  LAYOUT_MESSAGES,
  layoutChromeHeight,
  reportLayoutSchema,
  type ReportLayout,
} from './layout.js';

const withChange = (change: (l: ReportLayout) => void): unknown => {
  const layout = defaultReportLayout();
  change(layout);
  return layout;
};

describe('ReportLayout', () => {
  it('accepts the default layout as it is', () => {
    expect(reportLayoutSchema.parse(DEFAULT_REPORT_LAYOUT)).toEqual(DEFAULT_REPORT_LAYOUT);
  });

  it('gives a deep copy to edit, leaving the default untouched', () => {
    const copy = defaultReportLayout();
    copy.header.height = 10;
    copy.body.patientDetails.pop();
    expect(DEFAULT_REPORT_LAYOUT.header.height).toBe(120);
    expect(DEFAULT_REPORT_LAYOUT.body.patientDetails).toHaveLength(9);
  });

  it.each([
    ['header height above the limit', (l: ReportLayout) => (l.header.height = LAYOUT_LIMITS.headerHeight.max + 1)],
    ['negative header height', (l: ReportLayout) => (l.header.height = -1)],
    ['fractional footer height', (l: ReportLayout) => (l.footer.height = 10.5)],
    ['footer fields height above the limit', (l: ReportLayout) => (l.footer.footFieldsHeight = 151)],
    ['margin above 100 px', (l: ReportLayout) => (l.body.margins.left = 101)],
    ['negative margin', (l: ReportLayout) => (l.body.margins.top = -5)],
    ['unknown paper type', (l: ReportLayout) => ((l as { paperType: string }).paperType = 'A3')],
    ['unknown patient key', (l: ReportLayout) => ((l.body.patientDetails[0] as { value: string }).value = 'ssn')],
    ['unknown footer content type', (l: ReportLayout) => ((l.footer as { contentType: string }).contentType = 'video')],
    ['an unknown property', (l: ReportLayout) => Object.assign(l.header, { colour: 'red' })],
    [
      'too many patient details',
      (l: ReportLayout) => {
        l.body.patientDetails = Array.from({ length: 13 }, (_, i) => ({ label: `L${i}`, value: 'age', order: i }));
      },
    ],
  ])('refuses %s', (_, change) => {
    expect(reportLayoutSchema.safeParse(withChange(change)).success).toBe(false);
  });

  it('keeps room for the body: header + footer + footer fields at most 450 px, as far as enabled', () => {
    const tall = withChange((l) => {
      l.header.height = 250;
      l.footer.height = 160;
      l.footer.footFieldsHeight = 41;
    }) as ReportLayout;
    expect(layoutChromeHeight(tall)).toBe(451);
    const result = reportLayoutSchema.safeParse(tall);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LAYOUT_MESSAGES.chromeTooTall);
    // the same heights with the footer fields off, or the header disabled, fit
    expect(
      reportLayoutSchema.safeParse({ ...tall, footer: { ...tall.footer, enableFooterFields: false } }).success,
    ).toBe(true);
    expect(reportLayoutSchema.safeParse({ ...tall, header: { ...tall.header, enable: false } }).success).toBe(true);
  });

  it('refuses the same patient detail twice', () => {
    const result = reportLayoutSchema.safeParse(
      withChange((l) => l.body.patientDetails.push({ label: 'Name again', value: 'patientName', order: 9 })),
    );
    expect(result.error?.issues[0]?.message).toBe(LAYOUT_MESSAGES.duplicatePatientDetail);
  });
});
