import { describe, expect, it } from '@jest/globals';
import { LIMS_API, type LabTest } from '@rayworks/contracts';
import { emptyParameter, issueKey, labBody, labDraft, rangesText } from './lab-definition';

const lab: LabTest = {
  _id: '6f1c3b7e-0000-4000-8000-000000000001',
  code: 'LIPID',
  name: 'Lipid Profile',
  department: 'Laboratory',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'SERUM',
  container: 'GOLD_SST',
  turnaroundHours: 24,
  method: null,
  loincCode: null,
  autoValidate: false,
  version: null,
  parameters: LIMS_API.updateLabTest.body.parse({
    code: 'LIPID',
    name: 'x',
    subDepartmentCode: 'BIOC',
    subDepartmentName: 'Biochemistry',
    sampleType: 'SERUM',
    container: 'GOLD_SST',
    turnaroundHours: 24,
    parameters: [
      {
        code: 'HDL',
        name: 'HDL',
        type: 'Numeric',
        unit: 'mg/dL',
        ranges: [
          { sex: 'Male', low: '40' },
          { sex: 'Female', low: '50' },
        ],
      },
      {
        code: 'HBS',
        name: 'HBsAg',
        type: 'Custom',
        options: [{ value: 'Non-reactive' }, { value: 'Reactive', abnormal: true }],
      },
    ],
  }).parameters!,
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
};

describe('the lab definition form', () => {
  it('sends back what it was given, unchanged', () => {
    const body = LIMS_API.updateLabTest.body.parse(labBody('LIPID', labDraft(lab, lab)));
    expect(body.parameters).toEqual(lab.parameters);
  });

  it('starts a new definition from billing’s test: its name and sample, the sample’s first container', () => {
    const draft = labDraft({ name: 'Glucose Fasting', sampleType: 'Serum' }, null);
    expect(draft).toMatchObject({ name: 'Glucose Fasting', sampleType: 'SERUM', container: 'RED_PLAIN' });
    expect(draft.parameters).toHaveLength(1);
  });

  it('drops what a parameter’s type does not have, so switching type does not leave a refusal behind', () => {
    const p = {
      ...emptyParameter(),
      code: 'IMP',
      name: 'Impression',
      type: 'Text' as const,
      fieldMode: 'text field' as const,
      unit: 'mg/dL',
      options: 'a|b',
    };
    const body = labBody('X', { ...labDraft(lab, lab), parameters: [p] });
    expect(body.parameters![0]).toMatchObject({ unit: null, ranges: [], options: [] });
    expect(LIMS_API.updateLabTest.body.safeParse(body).success).toBe(true);
  });

  it('names a bad limit by the form field it came from', () => {
    const draft = labDraft(lab, lab);
    draft.parameters[0]!.ranges[0]!.high = '10';
    draft.parameters[0]!.ranges[0]!.low = '40';
    const parsed = LIMS_API.updateLabTest.body.safeParse(labBody('LIPID', draft));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => issueKey(i.path))).toContain('parameters.0.ranges.0.high');
  });

  it('writes ranges as a report line', () => {
    expect(rangesText(lab.parameters[0]!)).toBe('Male ≥ 40 mg/dL · Female ≥ 50 mg/dL');
  });
});
