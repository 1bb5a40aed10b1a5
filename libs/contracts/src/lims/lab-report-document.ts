import { personName } from '../cases/person-name.js';
import { formatReportDay } from '../reporting/layout-rules.js';
import { escapeHtml, renderReportDocument, type PrintAssets, type PrintLayout } from '../reporting/print-document.js';
import { unitOf } from './catalogue-constants.js';
import { parseDecimal } from './decimal.js';
import { OUTSOURCING_MESSAGES } from './outsourcing-messages.js';
import type { ReferenceRange } from './parameter.js';
import type { ResultFlag } from './result-rules.js';
import { LAB_REPORT_MESSAGES } from './report-messages.js';

/**
 * The lab report's print document (docs/decisions/0309): the centre's report layout (header, footer, margins,
 * watermark, patient details) is reporting's, through the same `renderReportDocument` a radiology report prints
 * with; the body is the registration's signed tests grouped by department and sub-department, each with its
 * parameters (value, flag, unit, the reference ranges of the patient), its method, and "Amended <day>" when the
 * signed results are an amendment; the signing pathologist signs under it.
 */

/** One parameter's line as printed. */
export interface LabReportLine {
  code: string;
  name: string;
  /** The value as stored: decimal text, text, or the chosen options. */
  value: string | readonly string[] | null;
  /** Fraction digits the report prints a number with (the parameter's `decimals`). */
  decimals: number;
  /** A UCUM code (unitOf gives its printed label), or null. */
  unit: string | null;
  /** The reference ranges of this patient (rangesFor). */
  ranges: readonly Pick<ReferenceRange, 'label' | 'low' | 'high'>[];
  flag: ResultFlag | null;
}

export interface LabReportTest {
  orderId: string;
  testCode: string;
  testName: string;
  department: string | null;
  subDepartmentName: string | null;
  method: string | null;
  loincCode: string | null;
  /** The amendment the signed results are (0: as first signed). */
  amendment: number;
  signedAt: string;
  signer: { doctorName: string; qualification: string | null } | null;
  /** The outsourcing lab the test was sent to on a manifest (docs/decisions/0313); absent or null: performed here. */
  performedAt?: string | null;
  lines: readonly LabReportLine[];
}

export interface LabReportView {
  reportId: string;
  registrationNumber: string;
  registeredAt: string;
  patient: {
    patientName: string;
    mrNumber: string;
    gender: string;
    dateOfBirth: string | null;
    /** '39 Y', '4 M', '12 D'. */
    age: string;
  };
  tests: readonly LabReportTest[];
}

/** How a flag is printed beside a value (nothing for a normal one). */
export const LAB_FLAG_LABELS: Readonly<Record<ResultFlag, string>> = {
  NORMAL: '',
  LOW: 'Low',
  HIGH: 'High',
  CRITICAL_LOW: 'Critical Low',
  CRITICAL_HIGH: 'Critical High',
  ABNORMAL: 'Abnormal',
  ABSURD: '',
};

/** Decimal text rounded half away from zero to `decimals` fraction digits, exactly ('11.25', 1 → '11.3'). */
export function fixedDecimalText(text: string, decimals: number): string {
  const d = parseDecimal(text);
  if (!d) return text;
  const negative = d.units < 0n;
  let units = negative ? -d.units : d.units;
  if (d.scale > decimals) {
    const drop = 10n ** BigInt(d.scale - decimals);
    units = (units + drop / 2n) / drop;
  } else {
    units *= 10n ** BigInt(decimals - d.scale);
  }
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const body = decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
  return negative && units !== 0n ? `-${body}` : body;
}

/** A line's value as printed: a number with the parameter's decimals, chosen options joined, text as it is. */
export function labReportValueText(line: Pick<LabReportLine, 'value' | 'decimals'>): string {
  if (line.value === null) return '';
  if (Array.isArray(line.value)) return line.value.join(', ');
  const text = line.value as string;
  return parseDecimal(text) ? fixedDecimalText(text, line.decimals) : text;
}

/** A range as printed: '70 - 100', '< 200', '>= 40', with its label for Multiple ranges. */
export function labReportRangeText(range: Pick<ReferenceRange, 'label' | 'low' | 'high'>, decimals: number): string {
  const f = (t: string) => fixedDecimalText(t, decimals);
  const limits =
    range.low !== null && range.high !== null
      ? `${f(range.low)} - ${f(range.high)}`
      : range.low !== null
        ? `>= ${f(range.low)}`
        : range.high !== null
          ? `<= ${f(range.high)}`
          : '';
  return range.label ? `${range.label}: ${limits}` : limits;
}

/** The tests grouped by department, then sub-department, in the order given. */
function groups(tests: readonly LabReportTest[]): { department: string; sub: string; tests: LabReportTest[] }[] {
  const out: { department: string; sub: string; tests: LabReportTest[] }[] = [];
  for (const t of tests) {
    const department = t.department ?? '';
    const sub = t.subDepartmentName ?? '';
    const last = out.at(-1);
    if (last && last.department === department && last.sub === sub) last.tests.push(t);
    else out.push({ department, sub, tests: [t] });
  }
  return out;
}

function testHtml(t: LabReportTest, timeZone: string): string {
  const amended = t.amendment > 0 ? LAB_REPORT_MESSAGES.amended(formatReportDay(t.signedAt, timeZone)) : '';
  const rows = t.lines
    .map((l) => {
      const flag = l.flag ? LAB_FLAG_LABELS[l.flag] : '';
      const abnormal = flag !== '';
      const unit = l.unit ? (unitOf(l.unit)?.label ?? l.unit) : '';
      const ranges = l.ranges.map((r) => escapeHtml(labReportRangeText(r, l.decimals))).join('<br>');
      return `<tr data-parameter="${escapeHtml(l.code)}"><td class="lab-name">${escapeHtml(l.name)}</td><td class="lab-value${
        abnormal ? ' lab-abnormal' : ''
      }">${escapeHtml(labReportValueText(l))}</td><td class="lab-flag${abnormal ? ' lab-abnormal' : ''}">${escapeHtml(
        flag,
      )}</td><td class="lab-unit">${escapeHtml(unit)}</td><td class="lab-range">${ranges}</td></tr>`;
    })
    .join('');
  return `<section class="lab-test" data-test="${escapeHtml(t.testCode)}"><h3 class="lab-test-name">${escapeHtml(
    t.testName,
  )}${amended ? ` <span class="lab-amended">${escapeHtml(amended)}</span>` : ''}</h3><table class="lab-table"><thead><tr><th>Test</th><th>Result</th><th>Flag</th><th>Unit</th><th>Reference Range</th></tr></thead><tbody>${rows}</tbody></table>${
    t.method ? `<p class="lab-method">Method: ${escapeHtml(t.method)}</p>` : ''
  }${
    t.performedAt
      ? `<p class="lab-method lab-performed-at">${escapeHtml(OUTSOURCING_MESSAGES.performedAt(t.performedAt))}</p>`
      : ''
  }</section>`;
}

const LAB_CSS = `<style>
.lab-department { font-size: 15px; text-align: center; margin: 14px 0 2px; text-transform: uppercase; letter-spacing: 0.04em; }
.lab-sub-department { font-size: 13px; text-align: center; margin: 0 0 8px; color: #333; }
.lab-test { break-inside: avoid; page-break-inside: avoid; margin-bottom: 10px; }
.lab-test-name { font-size: 13px; margin: 6px 0 4px; }
.lab-amended { font-size: 11px; font-weight: 700; color: #b00; margin-left: 8px; }
.report-body table.lab-table { width: 100%; border-collapse: collapse; }
.report-body table.lab-table th, .report-body table.lab-table td { border: none; border-bottom: 1px solid #ddd; padding: 3px 6px; text-align: left; vertical-align: top; }
.report-body table.lab-table th { border-bottom: 1px solid #666; font-size: 11px; text-transform: uppercase; }
.lab-name { width: 34%; } .lab-value { width: 14%; font-weight: 600; } .lab-flag { width: 12%; } .lab-unit { width: 14%; }
.lab-abnormal { font-weight: 700; }
.lab-method { font-size: 11px; color: #444; margin: 2px 0 0; }
</style>`;

/** The body of the lab report (inserted into the print document as its report HTML; every text is escaped). */
export function labReportBodyHtml(view: LabReportView, timeZone = 'UTC'): string {
  // a department's name heads its first sub-department only
  return `${LAB_CSS}${groups(view.tests)
    .map(
      (g, n, all) =>
        `<div class="lab-group">${
          g.department && g.department !== all[n - 1]?.department
            ? `<h2 class="lab-department">${escapeHtml(g.department)}</h2>`
            : ''
        }${g.sub ? `<h3 class="lab-sub-department">${escapeHtml(g.sub)}</h3>` : ''}${g.tests
          .map((t) => testHtml(t, timeZone))
          .join('')}</div>`,
    )
    .join('')}`;
}

/** The latest signature among the tests: the pathologist who signs the report. */
export function labReportSigner(view: LabReportView): LabReportTest['signer'] {
  const signed = [...view.tests].filter((t) => t.signer).sort((a, b) => b.signedAt.localeCompare(a.signedAt));
  return signed[0]?.signer ?? null;
}

/**
 * The whole print document of a lab report: the centre's layout around the body, the patient details of the
 * layout (name, MR number as the patient ID, age and gender, the registration), the pathologist's signature.
 */
export function renderLabReportDocument(
  view: LabReportView,
  layout: PrintLayout,
  assets: Omit<PrintAssets, 'markDraft' | 'includeDraftAddenda' | 'addendumSignatures'> = {},
): string {
  const signer = labReportSigner(view);
  const signedAt =
    [...view.tests]
      .map((t) => t.signedAt)
      .sort()
      .at(-1) ?? null;
  return renderReportDocument({
    report: {
      id: view.reportId,
      status: 'FINAL',
      version: 1,
      reportHTML: labReportBodyHtml(view, assets.timeZone),
      testName: 'Laboratory Report',
      doctorInfo: signer ? { doctorName: signer.doctorName, qualificationName: signer.qualification } : null,
      patient: {
        patientName: personName(view.patient.patientName),
        age: view.patient.age,
        gender: view.patient.gender,
        dateOfBirth: view.patient.dateOfBirth,
        mrID: view.patient.mrNumber,
        registrationID: view.registrationNumber,
      },
      study: { studyDate: view.registeredAt },
      finalizedAt: signedAt,
      createdAt: view.registeredAt,
      addenda: [],
    },
    layout,
    assets: { ...assets, markDraft: false },
    // the centre's rows only: a lab report has no modality, study or accession of an imaging study (decision 0343)
    requiredDetails: [],
  });
}
