import { describe, expect, it } from '@jest/globals';
import { Hl7Message } from '@medplum/core';
import { readAstmMessage } from './astm/astm-records.js';
import { readHl7Message } from './hl7/hl7-reader.js';
import { isoOfTimestamp } from './inbound-message.js';

const oru = (lines: string[]): string => lines.join('\r');
const MSH = 'MSH|^~\\&|COBAS^c311|LAB1|RAYWORKS|LIMS|20261129093000||ORU^R01^ORU_R01|CTRL-1|P|2.5.1';

describe('readHl7Message', () => {
  const read = (text: string) => readHl7Message(Hl7Message.parse(text), text);

  it('reads the sender, the control id and one reading per OBX, the specimen from SPM-2, else OBR-3', () => {
    const text = oru([
      MSH,
      'PID|1||MR1',
      'OBR|1|P1|L000000001||||20261129092000',
      'OBX|1|NM|HGB^Haemoglobin||13.5|g/dL|12-16|N|||F',
      'OBX|2|NM|WBC||11.2|10*3/uL||H|||F|||20261129092500+0530',
      'OBR|2|P2|IGNORED',
      'OBX|1|ST|GLU||5.4|mmol/L',
      'SPM|1|L000000002',
    ]);
    expect(read(text)).toEqual({
      ok: true,
      message: {
        protocol: 'HL7',
        sendingApplication: 'COBAS',
        sendingFacility: 'LAB1',
        controlId: 'CTRL-1',
        raw: text,
        readings: [
          {
            barcode: 'L000000001',
            analyzerCode: 'HGB',
            value: '13.5',
            unit: 'g/dL',
            flags: 'N',
            observedAt: '2026-11-29T09:20:00.000Z',
          },
          {
            barcode: 'L000000001',
            analyzerCode: 'WBC',
            value: '11.2',
            unit: '10*3/uL',
            flags: 'H',
            observedAt: '2026-11-29T03:55:00.000Z',
          },
          { barcode: 'L000000002', analyzerCode: 'GLU', value: '5.4', unit: 'mmol/L', flags: null, observedAt: null },
        ],
      },
    });
  });

  it('refuses the envelope with AR and unreadable content with AE', () => {
    const refusal = (text: string) => {
      const outcome = read(text);
      return outcome.ok ? null : outcome.refusal.code;
    };
    expect(refusal(oru([MSH.replace('ORU^R01^ORU_R01', 'ADT^A01'), 'OBR|1||L1', 'OBX|1|NM|A||1']))).toBe('AR');
    expect(refusal(oru([MSH.replace('|CTRL-1|', '||'), 'OBR|1||L1', 'OBX|1|NM|A||1']))).toBe('AR');
    expect(refusal(oru([MSH]))).toBe('AE');
    expect(refusal(oru([MSH, 'OBX|1|NM|A||1']))).toBe('AE');
    expect(refusal(oru([MSH, 'OBR|1', 'OBX|1|NM|A||1']))).toBe('AE');
    expect(refusal(oru([MSH, 'OBR|1||L1', 'OBX|1|NM|||1']))).toBe('AE');
    expect(refusal(oru([MSH, 'OBR|1||L1', 'OBX|1|NM|A||']))).toBe('AE');
    expect(refusal(oru([MSH, 'OBR|1||L1', 'OBX|1|NM|A||1|||||||||20261340']))).toBe('AE');
  });
});

describe('readAstmMessage', () => {
  const records = [
    'H|\\^&|MSG-9||ARCHITECT^1.0|||||||P|1|20261129093000',
    'P|1',
    'O|1|L000000001||^^^HGB',
    'R|1|^^^HGB|13.5|g/dL||H||F||||20261129092000',
    'R|2|^^^WBC^raw|11.2|10*3/uL||N',
    'L|1|N',
  ];

  it("reads the header's sender and control id and one reading per result record, under its order's specimen", () => {
    const outcome = readAstmMessage(`${records.join('\r')}\r`);
    expect(outcome.ok && outcome.message).toEqual({
      protocol: 'ASTM',
      sendingApplication: 'ARCHITECT',
      sendingFacility: '',
      controlId: 'MSG-9',
      raw: `${records.join('\r')}\r`,
      readings: [
        {
          barcode: 'L000000001',
          analyzerCode: 'HGB',
          value: '13.5',
          unit: 'g/dL',
          flags: 'H',
          observedAt: '2026-11-29T09:20:00.000Z',
        },
        { barcode: 'L000000001', analyzerCode: 'WBC', value: '11.2', unit: '10*3/uL', flags: 'N', observedAt: null },
      ],
    });
  });

  it('names a message without a control id by the hash of its records, the same for the same records', () => {
    const withoutId = records.map((r, i) => (i === 0 ? r.replace('MSG-9', '') : r)).join('\r');
    const a = readAstmMessage(withoutId);
    const b = readAstmMessage(`${withoutId}\r`);
    expect(a.ok && a.message.controlId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.ok && b.ok && a.message.controlId === b.message.controlId).toBe(true);
  });

  it('refuses a message without a header, a terminator, an order before a result, or a value', () => {
    const code = (text: string) => {
      const outcome = readAstmMessage(text);
      return outcome.ok ? null : outcome.refusal.code;
    };
    expect(code('P|1\rL|1')).toBe('AR');
    expect(code(records.slice(0, -1).join('\r'))).toBe('AE');
    expect(code([records[0], records[3], records[5]].join('\r'))).toBe('AE');
    expect(code([records[0], records[2], 'R|1|^^^HGB||g/dL', records[5]].join('\r'))).toBe('AE');
  });
});

describe('isoOfTimestamp', () => {
  it('reads HL7/ASTM date-times as UTC unless they carry an offset, and refuses days that do not exist', () => {
    expect(isoOfTimestamp('')).toBeNull();
    expect(isoOfTimestamp('20261129')).toBe('2026-11-29T00:00:00.000Z');
    expect(isoOfTimestamp('202611290930-0500')).toBe('2026-11-29T14:30:00.000Z');
    expect(isoOfTimestamp('20260230')).toBeUndefined();
    expect(isoOfTimestamp('yesterday')).toBeUndefined();
  });
});
