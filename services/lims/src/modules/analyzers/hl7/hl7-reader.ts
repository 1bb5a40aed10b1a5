import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { ANALYZER_MESSAGES, type AnalyzerReading } from '@rayworks/contracts';
import { isoOfTimestamp, refuse, type ReadOutcome } from '../inbound-message.js';

const ACK = ANALYZER_MESSAGES.ack;

const field = (segment: Hl7Segment | undefined, index: number): string =>
  segment?.getField(index)?.toString().trim() ?? '';
const component = (segment: Hl7Segment | undefined, index: number, n = 1): string =>
  segment?.getField(index)?.getComponent(n)?.trim() ?? '';

/**
 * Reads an ORU^R01 (HL7 v2, parsed by @medplum/core's Hl7Message) into the analyzer's identity, the message control
 * id and one reading per OBX: the specimen's barcode is the SPM-2 of the OBR's group when there is one, else OBR-3
 * (filler order number), else OBR-2 (placer order number); the analyzer's code is OBX-3.1, the value OBX-5 as sent,
 * the unit OBX-6.1, the flags OBX-8, observed at OBX-14 else OBR-7. AR for an envelope it cannot take (not ORU^R01,
 * no MSH-10), AE for results it cannot read (docs/decisions/0302). Nothing here touches the database.
 */
export function readHl7Message(message: Hl7Message, raw: string): ReadOutcome {
  const msh = message.getSegment('MSH');
  if (!msh || message.segments[0]?.name !== 'MSH') return refuse('AR', ACK.unparseable, 100);
  const type = `${component(msh, 9, 1)}^${component(msh, 9, 2)}`;
  if (type !== 'ORU^R01') return refuse('AR', ACK.unsupportedType(field(msh, 9)), 200);
  const controlId = field(msh, 10);
  if (controlId === '') return refuse('AR', ACK.noControlId, 101);
  const sendingApplication = component(msh, 3);
  const sendingFacility = component(msh, 4);

  const readings: AnalyzerReading[] = [];
  let obr: Hl7Segment | undefined;
  let groupBarcode = '';
  let groupObservedAt: string | null = null;
  const segments = message.segments;
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.name === 'OBR') {
      obr = segment;
      // SPM (v2.5.1) follows the OBR's observations; look ahead within the group for it
      let spm = '';
      for (let j = i + 1; j < segments.length && segments[j]!.name !== 'OBR'; j++)
        if (segments[j]!.name === 'SPM') spm = component(segments[j], 2);
      groupBarcode = spm || component(obr, 3) || component(obr, 2);
      const observed = isoOfTimestamp(component(obr, 7));
      if (observed === undefined)
        return refuse('AE', ACK.invalidContent(`OBR-7 of OBR ${field(obr, 1) || i} is not a date`));
      groupObservedAt = observed;
      continue;
    }
    if (segment.name !== 'OBX') continue;
    const at = `OBX ${field(segment, 1) || readings.length + 1}`;
    if (!obr) return refuse('AE', ACK.invalidContent(`${at} comes before any OBR`));
    if (groupBarcode === '')
      return refuse('AE', ACK.invalidContent(`the OBR of ${at} names no specimen (SPM-2, OBR-3)`));
    const analyzerCode = component(segment, 3);
    if (analyzerCode === '') return refuse('AE', ACK.invalidContent(`${at} has no observation identifier (OBX-3)`));
    const value = field(segment, 5);
    if (value === '') return refuse('AE', ACK.invalidContent(`${at} has no value (OBX-5)`));
    const observedAt = isoOfTimestamp(component(segment, 14));
    if (observedAt === undefined) return refuse('AE', ACK.invalidContent(`OBX-14 of ${at} is not a date`));
    readings.push({
      barcode: groupBarcode,
      analyzerCode,
      value,
      unit: component(segment, 6) || null,
      flags: field(segment, 8) || null,
      observedAt: observedAt ?? groupObservedAt,
    });
  }
  if (readings.length === 0) return refuse('AE', ACK.invalidContent('it holds no OBX'));
  return {
    ok: true,
    message: { protocol: 'HL7', sendingApplication, sendingFacility, controlId, raw, readings },
  };
}
