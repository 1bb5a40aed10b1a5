import { createHash } from 'node:crypto';
import { ANALYZER_MESSAGES, type AnalyzerReading } from '@rayworks/contracts';
import { isoOfTimestamp, refuse, type ReadOutcome } from '../inbound-message.js';

const ACK = ANALYZER_MESSAGES.ack;

/**
 * Reads one ASTM E1394 (CLSI LIS2-A2) message — header (H) to terminator (L), records separated by CR — into the
 * analyzer's identity and its readings (docs/decisions/0302, 0304). The delimiters are the header's own (H-2: field,
 * repeat, component, escape; usually |\^&). The sender is H-5's first component; the message control id H-3, or, when
 * the analyzer sends none, 'sha256:' and the hash of the records (the same message sent again is then recognised).
 * Each result record (R) belongs to the order record (O) before it: the barcode is O-3 (specimen id), else O-4; the
 * analyzer's code is R-3's manufacturer's code (its 4th component), else its first non-empty one; the value R-4,
 * the unit R-5, the flags R-7, observed at R-13 (completed), else R-12 (started). Any other record (P, C, Q, M) is
 * kept in the raw text only.
 */
export function readAstmMessage(raw: string): ReadOutcome {
  const text = raw.slice(Math.max(0, raw.search(/(^|\r)H/)));
  const records = text
    .replace(/^\r/, '')
    .split('\r')
    .map((r) => r.replace(/\n/g, ''))
    .filter((r) => r !== '');
  const header = records[0];
  if (!header || header[0] !== 'H' || header.length < 5) return refuse('AR', 'The transmission has no header record');
  const [fieldSep, repeatSep, componentSep] = [header[1]!, header[2]!, header[3]!];
  const fieldsOf = (record: string): string[] => record.split(fieldSep);
  const componentsOf = (value: string): string[] => (value.split(repeatSep)[0] ?? '').split(componentSep);
  const h = fieldsOf(header);
  const sendingApplication = componentsOf(h[4] ?? '')[0]!.trim();
  const controlId =
    (h[2] ?? '').trim() || `sha256:${createHash('sha256').update(records.join('\r'), 'latin1').digest('hex')}`;
  const last = records[records.length - 1]!;
  if (last[0] !== 'L') return refuse('AE', ACK.invalidContent('it does not end with a terminator record (L)'));

  const readings: AnalyzerReading[] = [];
  let barcode: string | null = null;
  for (const record of records.slice(1, -1)) {
    const f = fieldsOf(record);
    const type = f[0];
    if (type === 'O') {
      barcode = (componentsOf(f[2] ?? '')[0]!.trim() || componentsOf(f[3] ?? '')[0]!.trim()) ?? '';
      if (barcode === '') return refuse('AE', ACK.invalidContent(`order record ${f[1] ?? ''} names no specimen (O-3)`));
      continue;
    }
    if (type !== 'R') continue;
    const at = `result record ${f[1] ?? readings.length + 1}`;
    if (barcode === null) return refuse('AE', ACK.invalidContent(`${at} comes before any order record`));
    const test = componentsOf(f[2] ?? '').map((c) => c.trim());
    const analyzerCode = test[3] || test.find((c) => c !== '') || '';
    if (analyzerCode === '') return refuse('AE', ACK.invalidContent(`${at} has no test id (R-3)`));
    const value = (f[3] ?? '').trim();
    if (value === '') return refuse('AE', ACK.invalidContent(`${at} has no value (R-4)`));
    const completed = isoOfTimestamp(f[12] ?? '');
    const started = isoOfTimestamp(f[11] ?? '');
    if (completed === undefined || started === undefined)
      return refuse('AE', ACK.invalidContent(`the date of ${at} is not a date`));
    readings.push({
      barcode,
      analyzerCode,
      value,
      unit: componentsOf(f[4] ?? '')[0]!.trim() || null,
      flags: (f[6] ?? '').trim() || null,
      observedAt: completed ?? started,
    });
  }
  if (readings.length === 0) return refuse('AE', ACK.invalidContent('it holds no result record (R)'));
  return {
    ok: true,
    message: { protocol: 'ASTM', sendingApplication, sendingFacility: '', controlId, raw: text, readings },
  };
}
