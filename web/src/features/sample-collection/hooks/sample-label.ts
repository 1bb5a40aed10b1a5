import type { Sample } from '@rayworks/contracts';
import { containerName, orderedTestCodes, sampleTypeName } from '../../../shared/samples/sample-names';

/**
 * A sample's barcode label (docs/decisions/0300), at a label printer's size: 50 × 25 mm, one label a page — the
 * patient's name, then the MR number and sex whole on their own line (two identifiers a tube must never lose to a
 * long name), the barcode in Code 128 (bwip-js, drawn as SVG) with its text, the sample type and
 * container, the test codes. The label is an HTML page printed by the browser to the label printer.
 */
export const LABEL_SIZE_MM = { width: 50, height: 25 } as const;

/** The words and lines of one label. */
export interface LabelLines {
  patient: string;
  mrNumber: string;
  barcode: string;
  sample: string;
  tests: string;
}

/** The sex as a label prints it: its first letter (F, M, O), or '?' when the registration had none. */
const sexLetter = (gender: string): string => gender.trim().charAt(0).toUpperCase() || '?';

export function labelLines(sample: Sample): LabelLines {
  return {
    patient: sample.patientName,
    mrNumber: `MR ${sample.mrNumber} · ${sexLetter(sample.gender)}`,
    barcode: sample.barcode,
    sample: `${sampleTypeName(sample.sampleType)} · ${containerName(sample.container)}`,
    tests: orderedTestCodes(sample).join(', '),
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
@page { size: ${LABEL_SIZE_MM.width}mm ${LABEL_SIZE_MM.height}mm; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
.label { width: ${LABEL_SIZE_MM.width}mm; height: ${LABEL_SIZE_MM.height}mm; box-sizing: border-box; padding: 1mm 2mm;
  display: flex; flex-direction: column; overflow: hidden; break-after: page; page-break-after: always;
  font: 6.5pt/1.15 Arial, Helvetica, sans-serif; }
.label:last-child { break-after: auto; page-break-after: auto; }
.line { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.name { font-weight: 700; font-size: 7.5pt; }
.mr { font-weight: 700; }
.bars { height: 7.5mm; margin: 0.4mm 3mm 0.2mm; }
.bars svg { display: block; width: 100%; height: 100%; }
.code { text-align: center; font: 700 8pt/1 'Courier New', monospace; letter-spacing: 0.6pt; }
`;

/**
 * The printable page of some labels: `svgOf(barcode)` draws the Code 128 symbol (bwip-js's toSVG), stretched to 40 mm
 * (which keeps the bars' proportions): about 0.36 mm a module for an 'L' + 9 digits code, with 5 mm of quiet zone on
 * each side — more than the 10 modules Code 128 asks.
 */
export function labelsDocument(samples: readonly Sample[], svgOf: (barcode: string) => string): string {
  const labels = samples.map((sample) => {
    const l = labelLines(sample);
    const svg = svgOf(l.barcode).replace('<svg ', '<svg preserveAspectRatio="none" ');
    return `<div class="label" data-barcode="${escapeHtml(l.barcode)}">
<div class="line name">${escapeHtml(l.patient)}</div>
<div class="line mr">${escapeHtml(l.mrNumber)}</div>
<div class="bars">${svg}</div>
<div class="code">${escapeHtml(l.barcode)}</div>
<div class="line">${escapeHtml(l.sample)}</div>
<div class="line">${escapeHtml(l.tests)}</div>
</div>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sample labels</title><style>${STYLE}</style></head><body>${labels.join('\n')}</body></html>`;
}
