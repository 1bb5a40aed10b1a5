import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { LIMS_API, type OrderResults } from '@rayworks/contracts';
import { api, labCompany, type Lab, type LabTestInput } from '../support/lab-visits.js';

/**
 * A test's auto-validation rule against the running system (docs/decisions/0306): the catalogue keeps the rule (an
 * edit that leaves it out keeps it), and results that nothing holds are validated without a person; a value out of
 * range, or the rule off, leaves them for a person.
 */
jest.setTimeout(180_000);

const glucose = (autoValidate?: boolean): LabTestInput => ({
  code: 'GLU',
  name: 'Glucose Fasting',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'PLASMA_FLUORIDE',
  container: 'GREY_FLUORIDE',
  turnaroundHours: 4,
  method: 'Hexokinase',
  loincCode: null,
  ...(autoValidate === undefined ? {} : { autoValidate }),
  parameters: [
    {
      code: 'GLU',
      name: 'Glucose',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '5',
      possibleMax: '2000',
      ranges: [{ low: '70', high: '100' }],
    },
  ],
});

let lab: Lab;

/** A GLU visit at c2, its sample accepted: the order as the worksheet shows it. */
async function acceptedGlucose(): Promise<OrderResults> {
  const [sample] = await lab.samples(await lab.register('c2', ['GLU']), 1);
  const accepted = await lab.accept(sample!);
  const sheet = await api.call(
    LIMS_API.findWorksheet,
    { orderId: accepted.orders[0]!._id },
    { session: lab.as.pathologist },
  );
  return sheet.items[0]!;
}

const typed = (order: OrderResults, value: string) =>
  api.call(
    LIMS_API.saveResults,
    { orderId: order.orderId, version: order.version, values: { GLU: value } },
    { session: lab.as.pathologist },
  );

beforeAll(async () => {
  lab = await labCompany('autoval', [glucose(true)]);
}, 180_000);

describe("a test's auto-validation rule", () => {
  it('is kept by the catalogue, and an edit that leaves it out keeps it', async () => {
    expect(await api.call(LIMS_API.getLabTest, { code: 'GLU' }, { session: lab.as.admin })).toMatchObject({
      autoValidate: true,
    });
    const { autoValidate: _left, ...withoutRule } = glucose();
    await api.call(LIMS_API.updateLabTest, { ...withoutRule, method: 'Hexokinase (UV)' }, { session: lab.as.admin });
    expect(await api.call(LIMS_API.getLabTest, { code: 'GLU' }, { session: lab.as.admin })).toMatchObject({
      autoValidate: true,
      method: 'Hexokinase (UV)',
    });
  });

  it('validates results that nothing holds, without a person', async () => {
    const saved = await typed(await acceptedGlucose(), '88');
    expect(saved).toMatchObject({
      status: 'VALIDATED',
      autoValidated: true,
      holds: [],
      validated: { userId: null, name: 'Auto-validation' },
    });
  });

  it('leaves a value out of range for a person', async () => {
    const saved = await typed(await acceptedGlucose(), '142');
    expect(saved).toMatchObject({ status: 'ENTERED', autoValidated: false, holds: ['outOfRange'], validated: null });
  });

  it('validates nothing by itself once the rule is turned off', async () => {
    await api.call(LIMS_API.updateLabTest, glucose(false), { session: lab.as.admin });
    const saved = await typed(await acceptedGlucose(), '88');
    expect(saved).toMatchObject({ status: 'ENTERED', holds: ['ruleOff'] });
  });
});
