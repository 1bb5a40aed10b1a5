import type { AnalyzerProtocol, AnalyzerReading } from '@rayworks/contracts';

/** A message an analyzer sent, read by its protocol's reader: who sent it, its identity, its readings, its text. */
export interface InboundMessage {
  protocol: AnalyzerProtocol;
  sendingApplication: string;
  sendingFacility: string;
  /** HL7 MSH-10; ASTM the header's message control id (H-3), else a hash of the records (docs/decisions/0302). */
  controlId: string;
  raw: string;
  readings: AnalyzerReading[];
}

/**
 * Why a message is refused before anything is stored (docs/decisions/0302), as HL7 v2.5.1 original-mode
 * acknowledgement codes: AR when the envelope is wrong (unparseable, not ORU^R01, no control id, unknown sender), AE
 * when the envelope is right but the content cannot be read. ASTM answers NAK for both.
 */
export interface Refusal {
  code: 'AR' | 'AE';
  text: string;
  /** HL7 table 0357 (ERR-3): 100 segment sequence, 101 required field missing, 102 data type, 200 unsupported message
   * type, 204 unknown key identifier, 207 application internal error. */
  errorCode: number;
}

export type ReadOutcome = { ok: true; message: InboundMessage } | { ok: false; refusal: Refusal };

export const refuse = (code: Refusal['code'], text: string, errorCode = 207): ReadOutcome => ({
  ok: false,
  refusal: { code, text, errorCode },
});

/**
 * An HL7 TS / ASTM date-time (YYYYMMDD[HH[MM[SS[.S+]]]][+/-ZZZZ]) as ISO 8601, or null when empty; undefined when it
 * is not a date-time. Without an offset it is read as UTC (docs/decisions/0302).
 */
export function isoOfTimestamp(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?)?)?([+-]\d{4})?$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '0', zone = '+0000'] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.padEnd(3, '0').slice(0, 3)}${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900) return undefined;
  // a day that does not exist (e.g. 20260231) rolls over in Date: refuse it
  const local = new Date(
    date.getTime() +
      (Number(zone.slice(0, 3)) * 60 + Math.sign(Number(zone.slice(0, 3)) || 1) * Number(zone.slice(3))) * 60_000,
  );
  if (local.getUTCDate() !== Number(d) || local.getUTCMonth() + 1 !== Number(mo)) return undefined;
  return date.toISOString();
}
