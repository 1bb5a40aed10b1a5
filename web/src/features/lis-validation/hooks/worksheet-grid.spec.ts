import { describe, expect, it } from '@jest/globals';
import {
  LIMS_API,
  PARAMETER_MESSAGES,
  testParametersSchema,
  type OrderResults,
  type ResultLine,
  type WorksheetTest,
} from '@rayworks/contracts';
import {
  ageSexText,
  batches,
  cellKey,
  changedValues,
  controlOf,
  createJudgeCache,
  firstCellOf,
  focusOrder,
  judgeOrder,
  keyAction,
  moveFocus,
  orderOfBarcode,
  pruneDraft,
  rangeText,
  saveBody,
  shownValue,
  signableOrders,
  statusesOf,
  worksheetRows,
  type KeyPress,
} from './worksheet-grid';

const LIPID: WorksheetTest = {
  versionId: '0190a0b2-7c4e-7a51-9f1e-000000000001',
  code: 'LIPID',
  name: 'Lipid Profile',
  autoValidate: false,
  parameters: testParametersSchema.parse([
    {
      code: 'TCHOL',
      name: 'Cholesterol, total',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '20',
      possibleMax: '1000',
      ranges: [{ high: '200' }],
      delta: { percent: '50', absolute: null },
    },
    { code: 'HDL', name: 'HDL cholesterol', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '40' }] },
    {
      code: 'TG',
      name: 'Triglycerides',
      type: 'Numeric',
      unit: 'mg/dL',
      criticalHigh: '1000',
      ranges: [{ high: '150' }],
    },
    { code: 'LDL', name: 'LDL cholesterol', type: 'Numeric', unit: 'mg/dL', formula: 'TCHOL - HDL - TG / 5' },
  ]),
};

const URINE: WorksheetTest = {
  versionId: '0190a0b2-7c4e-7a51-9f1e-000000000002',
  code: 'URINE',
  name: 'Urine routine',
  autoValidate: true,
  parameters: testParametersSchema.parse([
    {
      code: 'COLOUR',
      name: 'Colour',
      type: 'Custom',
      options: [{ value: 'Pale yellow' }, { value: 'Red', abnormal: true }],
    },
    {
      code: 'CRYST',
      name: 'Crystals',
      type: 'Custom',
      fieldMode: 'multi',
      options: [{ value: 'Calcium oxalate' }, { value: 'Uric acid' }],
    },
    { code: 'NOTE', name: 'Remarks', type: 'Text' },
  ]),
};

const line = (code: string, patch: Partial<ResultLine> = {}): ResultLine => ({
  code,
  value: null,
  source: null,
  flag: null,
  range: null,
  previous: null,
  delta: null,
  ...patch,
});

let n = 0;
function order(test: WorksheetTest, patch: Partial<OrderResults> = {}): OrderResults {
  n += 1;
  return {
    orderId: `0190a0b2-7c4e-7a51-9f1e-1000000000${String(n).padStart(2, '0')}`,
    sampleId: '0190a0b2-7c4e-7a51-9f1e-200000000001',
    barcode: `L0000000${String(n).padStart(2, '0')}`,
    registrationNumber: 'REG-1',
    centreId: '0190a0b2-7c4e-7a51-9f1e-300000000001',
    patient: {
      id: '0190a0b2-7c4e-7a51-9f1e-400000000001',
      mrNumber: 'MR-1',
      patientName: 'Kavya Rao',
      gender: 'Female',
      dateOfBirth: '1984-07-09',
      age: { days: 15_480, months: 508, years: 42 },
    },
    collectedAt: '2026-11-29T08:00:00.000Z',
    testCode: test.code,
    testName: test.name,
    testVersionId: test.versionId,
    status: 'PENDING',
    amendment: 0,
    lines: test.parameters.map((p) => line(p.code)),
    complete: false,
    critical: false,
    holds: [],
    autoValidated: false,
    validated: null,
    signed: null,
    performedAt: null,
    version: 1,
    ...patch,
  };
}

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('the worksheet rows', () => {
  it('puts each order’s header before its parameters, in the catalogue’s order', () => {
    const a = order(LIPID);
    const b = order(URINE);
    const rows = worksheetRows([a, b], [LIPID, URINE]);
    expect(rows.map((r) => r.key)).toEqual([
      `order:${a.orderId}`,
      ...['TCHOL', 'HDL', 'TG', 'LDL'].map((c) => cellKey(a.orderId, c)),
      `order:${b.orderId}`,
      ...['COLOUR', 'CRYST', 'NOTE'].map((c) => cellKey(b.orderId, c)),
    ]);
  });

  it('keeps an order whose test has no definition as a header alone', () => {
    const a = order(LIPID, { testVersionId: null, lines: [] });
    expect(worksheetRows([a], [LIPID]).map((r) => r.kind)).toEqual(['order']);
  });
});

describe('the keyboard down the column', () => {
  const a = order(LIPID);
  const signed = order(LIPID, { status: 'SIGNED' });
  const b = order(URINE);
  const rows = worksheetRows([a, signed, b], [LIPID, URINE]);
  const keys = focusOrder(rows);

  it('walks every value that can be typed, skipping calculated ones and signed orders', () => {
    expect(keys).toEqual([
      cellKey(a.orderId, 'TCHOL'),
      cellKey(a.orderId, 'HDL'),
      cellKey(a.orderId, 'TG'),
      cellKey(b.orderId, 'COLOUR'),
      cellKey(b.orderId, 'CRYST'),
      cellKey(b.orderId, 'NOTE'),
    ]);
  });

  it('moves down into the next order past a calculated value, up back, and stays put at the ends', () => {
    expect(moveFocus(keys, cellKey(a.orderId, 'TG'), 1)).toBe(cellKey(b.orderId, 'COLOUR'));
    expect(moveFocus(keys, cellKey(b.orderId, 'COLOUR'), -1)).toBe(cellKey(a.orderId, 'TG'));
    expect(moveFocus(keys, cellKey(a.orderId, 'TCHOL'), -1)).toBe(cellKey(a.orderId, 'TCHOL'));
    expect(moveFocus(keys, cellKey(b.orderId, 'NOTE'), 1)).toBe(cellKey(b.orderId, 'NOTE'));
    expect(moveFocus(keys, null, 1)).toBe(cellKey(a.orderId, 'TCHOL'));
    expect(moveFocus([], null, 1)).toBeNull();
  });

  it('puts a scanned sample’s cursor on its first value', () => {
    expect(firstCellOf(keys, b.orderId)).toBe(cellKey(b.orderId, 'COLOUR'));
    expect(firstCellOf(keys, signed.orderId)).toBeNull();
    expect(orderOfBarcode([a, b], ` ${b.barcode.toLowerCase()} `)).toBe(b);
    expect(orderOfBarcode([a, b], 'L999999999')).toBeUndefined();
  });

  it('reads Enter and ArrowDown as next, Shift+Enter and ArrowUp as previous, Ctrl+S as save', () => {
    expect(keyAction(press('Enter'), 'number')).toBe('next');
    expect(keyAction(press('ArrowDown'), 'number')).toBe('next');
    expect(keyAction(press('Enter', { shiftKey: true }), 'number')).toBe('previous');
    expect(keyAction(press('ArrowUp'), 'text')).toBe('previous');
    expect(keyAction(press('s', { ctrlKey: true }), 'number')).toBe('save');
    expect(keyAction(press('S', { metaKey: true }), 'choice')).toBe('save');
    expect(keyAction(press('a'), 'number')).toBeNull();
    expect(keyAction(press('Tab'), 'number')).toBeNull();
  });

  it('leaves a choice list its own keys: Alt+ArrowDown opens it, an open list of several choices keeps all', () => {
    expect(keyAction(press('ArrowDown', { altKey: true }), 'choice')).toBeNull();
    expect(keyAction(press('ArrowDown'), 'choice')).toBe('next');
    expect(keyAction(press('Enter'), 'choices', true)).toBeNull();
    expect(keyAction(press('ArrowDown'), 'choices', true)).toBeNull();
    expect(keyAction(press('Enter'), 'choices', false)).toBe('next');
  });

  it('gives each parameter its control', () => {
    expect(LIPID.parameters.map(controlOf)).toEqual(['number', 'number', 'number', 'calculated']);
    expect(URINE.parameters.map(controlOf)).toEqual(['choice', 'choices', 'text']);
  });
});

describe('judging as the lab types', () => {
  it('flags, calculates LDL and refuses a value before anything is saved — as judgeTest does', () => {
    const a = order(LIPID);
    const judged = judgeOrder(LIPID, a, { TCHOL: '250', HDL: '35', TG: '1200' });
    const by = Object.fromEntries(judged.results.map((r) => [r.code, r]));
    expect([by.TCHOL!.flag, by.HDL!.flag, by.TG!.flag]).toEqual(['HIGH', 'LOW', 'CRITICAL_HIGH']);
    expect(by.LDL).toMatchObject({ value: '-25', source: 'CALCULATED' });
    expect(judged.critical).toBe(true);

    const refused = judgeOrder(LIPID, a, { TCHOL: '5000', HDL: 'abc' });
    const r = Object.fromEntries(refused.results.map((l) => [l.code, l]));
    expect(r.TCHOL!.error).toBe(PARAMETER_MESSAGES.outsidePossibleValue('20', '1000'));
    expect(r.HDL!.error).toBe(PARAMETER_MESSAGES.notANumber);
    expect(r.LDL!.value).toBeNull();
  });

  it('judges by the patient’s saved values under the drafts, and their previous result for the delta', () => {
    const a = order(LIPID, {
      status: 'ENTERED',
      lines: [
        line('TCHOL', { value: '180', source: 'ANALYZER', previous: '100' }),
        line('HDL', { value: '50', source: 'MANUAL' }),
        line('TG', { value: '100', source: 'MANUAL' }),
        line('LDL', { value: '110', source: 'CALCULATED' }),
      ],
    });
    const asSaved = judgeOrder(LIPID, a, undefined);
    expect(asSaved.results.find((r) => r.code === 'TCHOL')).toMatchObject({
      source: 'ANALYZER',
      previous: '100',
      delta: { difference: '80', exceeded: true },
    });
    const emptied = judgeOrder(LIPID, a, { HDL: ' ' });
    expect(emptied.results.find((r) => r.code === 'HDL')!.value).toBeNull();
    expect(emptied.results.find((r) => r.code === 'LDL')!.value).toBeNull();
    expect(emptied.holds).toContain('missing');
  });

  it('judges an order again only when its draft or the server’s copy changes', () => {
    const judge = createJudgeCache();
    const a = order(LIPID);
    const draft = { TCHOL: '190' };
    const first = judge(LIPID, a, draft);
    expect(judge(LIPID, a, draft)).toBe(first);
    expect(judge(LIPID, a, { TCHOL: '210' })).not.toBe(first);
    const again = judge(LIPID, { ...a, version: 2 }, draft);
    expect(again).not.toBe(first);
    expect(again.results[0]!.flag).toBe('NORMAL');
    // a line judged the same keeps its object (its row is not drawn again); a changed one is new
    const typed = judge(LIPID, { ...a, version: 2 }, { TCHOL: '190', HDL: '50' });
    expect(typed.results[0]).toBe(again.results[0]);
    expect(typed.results[1]).not.toBe(again.results[1]);
    expect(typed.results[1]!.value).toBe('50');
  });
});

describe('what a save sends', () => {
  const saved = order(LIPID, {
    status: 'ENTERED',
    version: 3,
    lines: [
      line('TCHOL', { value: '180', source: 'ANALYZER' }),
      line('HDL', { value: '50', source: 'MANUAL' }),
      line('TG'),
      line('LDL', { value: '110', source: 'CALCULATED' }),
    ],
  });

  it('shows the draft over the saved value, and never a calculated value as typed', () => {
    expect(shownValue(saved, undefined, 'TCHOL')).toBe('180');
    expect(shownValue(saved, { TCHOL: '18' }, 'TCHOL')).toBe('18');
    expect(shownValue(saved, undefined, 'TG')).toBe('');
    expect(shownValue(saved, undefined, 'LDL')).toBe('');
  });

  it('sends only the values changed: new, changed (trimmed), emptied as null — not the same again, not LDL', () => {
    const draft = { TCHOL: ' 180 ', HDL: '', TG: '90 ', LDL: '1' };
    expect(changedValues(LIPID, saved, draft)).toEqual({ HDL: null, TG: '90' });
    expect(changedValues(LIPID, saved, undefined)).toEqual({});
    expect(changedValues(LIPID, order(LIPID), { TG: '' })).toEqual({});
  });

  it('names the version it read, and validates when asked — a body the contract takes', () => {
    const body = saveBody(LIPID, saved, { TG: '90' }, true);
    expect(body).toEqual({ orderId: saved.orderId, version: 3, values: { TG: '90' }, validate: true });
    expect(LIMS_API.saveResults.body.parse(body)).toEqual(body);
  });

  it('keeps, after the answer, only what was typed while the save was on its way', () => {
    const answered = {
      ...saved,
      version: 4,
      lines: saved.lines.map((l) => (l.code === 'TG' ? { ...l, value: '90', source: 'MANUAL' as const } : l)),
    };
    expect(pruneDraft(LIPID, answered, { TG: '90', HDL: '55' })).toEqual({ HDL: '55' });
    expect(pruneDraft(LIPID, answered, { TG: '90' })).toBeUndefined();
  });

  it('sends the choices of a multi field as a list', () => {
    const u = order(URINE, {
      lines: [line('COLOUR', { value: 'Red', source: 'MANUAL' }), line('CRYST'), line('NOTE')],
    });
    expect(changedValues(URINE, u, { COLOUR: 'Red', CRYST: ['Uric acid'] })).toEqual({ CRYST: ['Uric acid'] });
    expect(judgeOrder(URINE, u, {}).results[0]!.flag).toBe('ABNORMAL');
  });
});

describe('the rest of the screen', () => {
  it('signs the validated orders with nothing unsaved, in batches the service takes', () => {
    const v1 = order(LIPID, { status: 'VALIDATED' });
    const v2 = order(LIPID, { status: 'VALIDATED' });
    const e = order(LIPID, { status: 'ENTERED' });
    expect(signableOrders([v1, v2, e], { [v2.orderId]: { TG: '1' } })).toEqual([v1.orderId]);
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('filters the open work by default, one status, or all', () => {
    expect(statusesOf('open')).toBeUndefined();
    expect(statusesOf('SIGNED')).toEqual(['SIGNED']);
    expect(statusesOf('all')).toEqual(['PENDING', 'ENTERED', 'VALIDATED', 'SIGNED']);
  });

  it('words ranges, age and sex', () => {
    const [tchol, hdl] = LIPID.parameters;
    expect(rangeText(tchol!.ranges[0]!, 'mg/dL')).toBe('≤ 200 mg/dL');
    expect(rangeText(hdl!.ranges[0]!, null)).toBe('≥ 40');
    expect(rangeText(null, 'mg/dL')).toBe('—');
    expect(ageSexText({ days: 15_480, months: 508, years: 42 }, 'Female')).toBe('42 Y / Female');
    expect(ageSexText({ days: 230, months: 7, years: 0 }, 'Male')).toBe('7 M / Male');
    expect(ageSexText({ days: 12, months: 0, years: 0 }, 'Female')).toBe('12 D / Female');
  });
});
