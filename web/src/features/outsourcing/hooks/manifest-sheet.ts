import { MANIFEST_STATUS_LABELS, type ManifestDetail } from '@rayworks/contracts';
import { containerName, sampleTypeName } from '../../../shared/samples/sample-names';

/**
 * A manifest's printable sheet (docs/decisions/0312), an A4 page the courier carries with the samples: the manifest
 * number (as Code 128 too), the outsourcing lab, who made and dispatched it, then one row per sample — its barcode
 * (Code 128 and text), the patient and MR number, the sample type and container, the tests sent — and lines for the
 * hand-over and the lab's receipt.
 */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
@page { size: A4; margin: 12mm; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; font: 10pt/1.35 Arial, Helvetica, sans-serif; }
h1 { font-size: 15pt; margin: 0 0 2mm; }
.head { display: flex; justify-content: space-between; gap: 8mm; margin-bottom: 4mm; }
.head dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 3mm; margin: 0; }
.head dt { font-weight: 700; }
.head dd { margin: 0; }
.number svg { display: block; height: 12mm; width: 55mm; }
.number div { text-align: center; font: 700 11pt/1 'Courier New', monospace; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 0.3mm solid #000; padding: 1.2mm 1.5mm; text-align: left; vertical-align: middle; }
th { background: #eee; }
tr { break-inside: avoid; page-break-inside: avoid; }
td.bars svg { display: block; height: 9mm; width: 40mm; }
td.bars div { font: 700 9pt/1 'Courier New', monospace; text-align: center; }
.sign { display: grid; grid-template-columns: 1fr 1fr; gap: 12mm; margin-top: 14mm; }
.sign div { border-top: 0.3mm solid #000; padding-top: 1mm; }
`;

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-IN') : '—');

/** The sheet of a manifest: `svgOf(text)` draws a Code 128 symbol (bwip-js's toSVG). */
export function manifestSheetDocument(m: ManifestDetail, svgOf: (text: string) => string): string {
  const bars = (text: string) => svgOf(text).replace('<svg ', '<svg preserveAspectRatio="none" ');
  const rows = m.samples.map(
    (s, i) => `<tr data-barcode="${escapeHtml(s.barcode)}">
<td>${i + 1}</td>
<td class="bars">${bars(s.barcode)}<div>${escapeHtml(s.barcode)}</div></td>
<td>${escapeHtml(s.patientName)}<br>${escapeHtml(s.gender)}</td>
<td>${escapeHtml(s.mrNumber)}</td>
<td>${escapeHtml(sampleTypeName(s.sampleType))}<br>${escapeHtml(containerName(s.container))}</td>
<td>${s.orders.map((o) => `${escapeHtml(o.testCode)} — ${escapeHtml(o.testName)}`).join('<br>')}</td>
</tr>`,
  );
  const facts: [string, string][] = [
    ['Outsourcing lab', `${m.labName} (${m.labCode})`],
    ['Status', MANIFEST_STATUS_LABELS[m.status]],
    ['Created', `${when(m.created.at)} by ${m.created.name}`],
    ['Dispatched', m.dispatched ? `${when(m.dispatched.at)} by ${m.dispatched.name}` : '—'],
    ['Courier', m.courier ?? '—'],
    ['Tracking', m.trackingNote ?? '—'],
    ['Samples', `${m.progress.samples} (${m.progress.orders} tests)`],
  ];
  return `<!doctype html><html><head><meta charset="utf-8"><title>Manifest ${escapeHtml(m.number)}</title><style>${STYLE}</style></head><body>
<div class="head"><div><h1>Manifest ${escapeHtml(m.number)}</h1><dl>${facts
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('')}</dl></div>
<div class="number">${bars(m.number)}<div>${escapeHtml(m.number)}</div></div></div>
<table><thead><tr><th>#</th><th>Barcode</th><th>Patient</th><th>MR number</th><th>Sample</th><th>Tests</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<div class="sign"><div>Handed over by (name, signature, time)</div><div>Received at ${escapeHtml(m.labName)} (name, signature, time)</div></div>
</body></html>`;
}
