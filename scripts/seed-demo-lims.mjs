// The demo company's laboratory (issue 23): the lab definitions of the demo catalogue's LAB tests (the codes
// scripts/seed-demo-billing.mjs sells), with their parameters, reference ranges by sex and age, critical limits, delta
// rules and calculated parameters (LDL by Friedewald, the A/G ratio), so that the demo receptionist's registration of a
// lab panel gives samples to collect and the lab a worksheet to fill. Through the API as the demo company's
// administrator, idempotently: a test already defined (by code) is left as it is. Needs the stack running. Tests never
// use the demo company.
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, LIMS_API } from '@rayworks/contracts';

const DEMO_PASSWORD = 'Demo@1234';

/** A numeric parameter: unit, decimals, possible limits, critical limits, ranges, and optionally a delta rule. */
const numeric = (code, name, unit, decimals, [possibleMin, possibleMax], ranges, more = {}) => ({
  code,
  name,
  type: 'Numeric',
  unit,
  decimals,
  possibleMin,
  possibleMax,
  ranges,
  ...more,
});
const any = (low, high) => ({ sex: 'Any', low, high });
const male = (low, high) => ({ sex: 'Male', ageFrom: 18, low, high });
const female = (low, high) => ({ sex: 'Female', ageFrom: 18, low, high });
const child = (low, high) => ({ sex: 'Any', ageFrom: 0, ageTo: 18, low, high });
const choice = (code, name, values, abnormal = []) => ({
  code,
  name,
  type: 'Custom',
  options: [...values.map((value) => ({ value })), ...abnormal.map((value) => ({ value, abnormal: true }))],
});

const blood = { sampleType: 'WB_EDTA', container: 'LAVENDER_EDTA' };
const serum = { sampleType: 'SERUM', container: 'GOLD_SST' };

export const DEMO_LAB_TESTS = [
  {
    code: 'CBC',
    name: 'Complete Blood Count',
    subDepartmentCode: 'HAEM',
    subDepartmentName: 'Haematology',
    ...blood,
    turnaroundHours: 4,
    method: 'Automated cell counter (impedance and flow cytometry)',
    loincCode: '58410-2',
    parameters: [
      numeric('HB', 'Haemoglobin', 'g/dL', 1, ['1', '25'], [male('13', '17'), female('12', '15'), child('11', '16')], {
        criticalLow: '7',
        criticalHigh: '20',
        delta: { absolute: '2', percent: null },
      }),
      numeric(
        'RBC',
        'RBC count',
        '10*6/uL',
        2,
        ['0.5', '10'],
        [male('4.5', '5.5'), female('3.8', '4.8'), child('4', '5.5')],
      ),
      numeric(
        'HCT',
        'Haematocrit (PCV)',
        '%',
        1,
        ['5', '75'],
        [male('40', '50'), female('36', '46'), child('33', '45')],
      ),
      numeric('MCV', 'MCV', 'fL', 1, ['40', '150'], [any('83', '101')]),
      numeric('MCH', 'MCH', 'pg', 1, ['10', '50'], [any('27', '32')]),
      numeric('MCHC', 'MCHC', 'g/dL', 1, ['20', '45'], [any('31.5', '34.5')]),
      numeric('WBC', 'Total leucocyte count', '10*3/uL', 2, ['0.1', '200'], [any('4', '10')], {
        criticalLow: '2',
        criticalHigh: '30',
      }),
      numeric('NEUT', 'Neutrophils', '%', 0, ['0', '100'], [any('40', '80')]),
      numeric('LYMPH', 'Lymphocytes', '%', 0, ['0', '100'], [any('20', '40')]),
      numeric('MONO', 'Monocytes', '%', 0, ['0', '100'], [any('2', '10')]),
      numeric('EOS', 'Eosinophils', '%', 0, ['0', '100'], [any('1', '6')]),
      numeric('BASO', 'Basophils', '%', 0, ['0', '100'], [any('0', '2')]),
      numeric('PLT', 'Platelet count', '10*3/uL', 0, ['1', '2000'], [any('150', '410')], {
        criticalLow: '20',
        criticalHigh: '1000',
      }),
    ],
  },
  {
    code: 'LFT',
    name: 'Liver Function Test',
    subDepartmentCode: 'BIOCHEM',
    subDepartmentName: 'Biochemistry',
    ...serum,
    turnaroundHours: 6,
    method: 'Photometry (automated chemistry analyser)',
    loincCode: '24325-3',
    parameters: [
      numeric('TBIL', 'Bilirubin, total', 'mg/dL', 2, ['0', '50'], [any('0.3', '1.2')], { criticalHigh: '15' }),
      numeric('DBIL', 'Bilirubin, direct', 'mg/dL', 2, ['0', '40'], [any(null, '0.3')]),
      numeric('AST', 'AST (SGOT)', 'U/L', 0, ['0', '20000'], [male(null, '40'), female(null, '32')]),
      numeric('ALT', 'ALT (SGPT)', 'U/L', 0, ['0', '20000'], [male(null, '41'), female(null, '33')]),
      numeric('ALP', 'Alkaline phosphatase', 'U/L', 0, ['0', '5000'], [any('40', '129')]),
      numeric('TP', 'Total protein', 'g/dL', 1, ['1', '15'], [any('6.4', '8.3')]),
      numeric('ALB', 'Albumin', 'g/dL', 1, ['0.5', '7'], [any('3.5', '5.2')]),
      numeric('GLOB', 'Globulin', 'g/dL', 1, [null, null], [any('2', '3.5')], { formula: 'TP - ALB' }),
      { ...numeric('AGR', 'A/G ratio', '{ratio}', 2, [null, null], [any('1.1', '2.5')]), formula: 'ALB / GLOB' },
    ],
  },
  {
    code: 'KFT',
    name: 'Kidney Function Test',
    subDepartmentCode: 'BIOCHEM',
    subDepartmentName: 'Biochemistry',
    ...serum,
    turnaroundHours: 6,
    method: 'Photometry and ion-selective electrodes',
    loincCode: '24362-6',
    parameters: [
      numeric('UREA', 'Urea', 'mg/dL', 0, ['1', '500'], [any('17', '43')]),
      numeric(
        'CREAT',
        'Creatinine',
        'mg/dL',
        2,
        ['0.1', '30'],
        [male('0.7', '1.3'), female('0.6', '1.1'), child('0.3', '0.7')],
        {
          criticalHigh: '7.4',
          delta: { absolute: null, percent: '50' },
        },
      ),
      numeric('UA', 'Uric acid', 'mg/dL', 1, ['0.1', '30'], [male('3.5', '7.2'), female('2.6', '6')]),
      numeric('NA', 'Sodium', 'mmol/L', 0, ['90', '200'], [any('136', '145')], {
        criticalLow: '120',
        criticalHigh: '160',
      }),
      numeric('K', 'Potassium', 'mmol/L', 1, ['1', '12'], [any('3.5', '5.1')], {
        criticalLow: '2.8',
        criticalHigh: '6.2',
      }),
      numeric('CL', 'Chloride', 'mmol/L', 0, ['60', '150'], [any('98', '107')]),
    ],
  },
  {
    code: 'LIPID',
    name: 'Lipid Profile',
    subDepartmentCode: 'BIOCHEM',
    subDepartmentName: 'Biochemistry',
    ...serum,
    turnaroundHours: 6,
    method: 'Enzymatic photometry; LDL by Friedewald',
    loincCode: '24331-1',
    parameters: [
      numeric('TCHOL', 'Cholesterol, total', 'mg/dL', 0, ['20', '1000'], [any(null, '200')]),
      numeric('TG', 'Triglycerides', 'mg/dL', 0, ['10', '5000'], [any(null, '150')], { criticalHigh: '1000' }),
      numeric('HDL', 'HDL cholesterol', 'mg/dL', 0, ['5', '200'], [male('40', null), female('50', null)]),
      {
        ...numeric('LDL', 'LDL cholesterol (calculated)', 'mg/dL', 0, [null, null], [any(null, '100')]),
        formula: 'TCHOL - HDL - TG / 5',
      },
      {
        ...numeric('VLDL', 'VLDL cholesterol (calculated)', 'mg/dL', 0, [null, null], [any(null, '30')]),
        formula: 'TG / 5',
      },
      {
        ...numeric('CHR', 'Total cholesterol / HDL', '{ratio}', 1, [null, null], [any(null, '5')]),
        formula: 'TCHOL / HDL',
      },
    ],
  },
  {
    code: 'TSH',
    name: 'Thyroid Stimulating Hormone',
    subDepartmentCode: 'IMMUNO',
    subDepartmentName: 'Immunoassay',
    ...serum,
    turnaroundHours: 8,
    method: 'Chemiluminescent immunoassay (CLIA)',
    loincCode: '3016-3',
    autoValidate: true,
    parameters: [numeric('TSH', 'TSH', 'u[IU]/mL', 2, ['0', '500'], [any('0.27', '4.2')])],
  },
  {
    code: 'HBA1C',
    name: 'Glycated Haemoglobin (HbA1c)',
    subDepartmentCode: 'BIOCHEM',
    subDepartmentName: 'Biochemistry',
    ...blood,
    turnaroundHours: 6,
    method: 'HPLC (NGSP certified)',
    loincCode: '4548-4',
    autoValidate: true,
    parameters: [
      numeric('HBA1C', 'HbA1c', '%', 1, ['2', '20'], [any(null, '5.6')]),
      {
        ...numeric('EAG', 'Estimated average glucose', 'mg/dL', 0, [null, null], []),
        type: 'Numeric unbound',
        formula: '28.7 * HBA1C - 46.7',
      },
    ],
  },
  {
    code: 'URINE-RE',
    name: 'Urine Routine and Microscopy',
    subDepartmentCode: 'CLINPATH',
    subDepartmentName: 'Clinical Pathology',
    sampleType: 'URINE_SPOT',
    container: 'URINE_CUP_STERILE',
    turnaroundHours: 4,
    method: 'Dipstick (reflectance photometry) and microscopy',
    loincCode: '24357-6',
    parameters: [
      choice('COLOUR', 'Colour', ['Pale yellow', 'Yellow', 'Straw'], ['Red', 'Brown', 'Dark yellow']),
      choice('CLARITY', 'Appearance', ['Clear'], ['Slightly turbid', 'Turbid']),
      numeric('SG', 'Specific gravity', '{SG}', 3, ['1.000', '1.060'], [any('1.005', '1.030')]),
      numeric('PH', 'pH', '[pH]', 1, ['4', '9.5'], [any('4.6', '8')]),
      choice('PROT', 'Protein', ['Negative'], ['Trace', '1+', '2+', '3+']),
      choice('GLU', 'Glucose', ['Negative'], ['Trace', '1+', '2+', '3+']),
      choice('KET', 'Ketones', ['Negative'], ['Trace', '1+', '2+', '3+']),
      choice('BLD', 'Blood', ['Negative'], ['Trace', '1+', '2+', '3+']),
      numeric('PUS', 'Pus cells', '/[HPF]', 0, ['0', '500'], [any('0', '5')]),
      numeric('RBCU', 'Red cells', '/[HPF]', 0, ['0', '500'], [any('0', '2')]),
      numeric('EPI', 'Epithelial cells', '/[HPF]', 0, ['0', '500'], [any('0', '5')]),
      { code: 'CAST', name: 'Casts and crystals', type: 'Text', fieldMode: 'text field' },
    ],
  },
];

/**
 * The demo laboratory's chemistry and haematology analyzer: it sends HL7 v2 ORU^R01 over MLLP as DEMO-ANALYZER of
 * DEMO-LAB (scripts/demo-analyzer.mjs plays it), with its codes being the catalogue's parameter codes of the tests it
 * runs (the calculated parameters are the lab's, never the analyzer's).
 */
export const DEMO_ANALYZER = {
  name: 'Demo Chemistry Analyzer',
  protocol: 'HL7',
  sendingApplication: 'DEMO-ANALYZER',
  sendingFacility: 'DEMO-LAB',
};
const ANALYZER_TESTS = ['CBC', 'LFT', 'KFT', 'LIPID', 'TSH', 'HBA1C'];
export const DEMO_ANALYZER_CODES = DEMO_LAB_TESTS.filter((t) => ANALYZER_TESTS.includes(t.code)).flatMap((t) =>
  t.parameters
    .filter((p) => !p.formula)
    .map((p) => ({ analyzerCode: `${t.code}.${p.code}`, testCode: t.code, parameterCode: p.code })),
);

/** Defines the demo company's lab tests and analyzer that are not there yet; returns what it defined. */
export async function seedDemoLims({ baseUrl = `http://127.0.0.1:${GATEWAY_PORT}`, login = 'admin' } = {}) {
  const api = new ApiClient({ baseUrl });
  const credentials = await api.call(AUTH_API.login, {}, { headers: loginHeaders(login, DEMO_PASSWORD) });
  const defined = [];
  for (const test of DEMO_LAB_TESTS) {
    const existing = await api.reply(LIMS_API.getLabTest, { code: test.code }, { session: credentials });
    if (existing.status === 200) continue;
    await api.call(LIMS_API.createLabTest, test, { session: credentials });
    defined.push(test.code);
  }
  const analyzers = await api.call(
    LIMS_API.findAnalyzers,
    { search: DEMO_ANALYZER.name, pageSize: 10 },
    { session: credentials },
  );
  if (!analyzers.items.some((a) => a.name === DEMO_ANALYZER.name)) {
    // run by the demo's laboratory: the company's first centre (docs/decisions/0373)
    const [lab] = (
      await api.call(
        AUTH_API.getCentres,
        { sortBy: 'createdAt', sortDir: 'asc', pageSize: 1 },
        { session: credentials },
      )
    ).items;
    const body = { ...DEMO_ANALYZER, centreId: lab._id };
    // the LIMS learns the company's centres from auth's events: on a fresh stack, a moment after they are made
    let reply = await api.reply(LIMS_API.createAnalyzer, body, { session: credentials });
    for (let tries = 0; reply.status === 404 && tries < 60; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      reply = await api.reply(LIMS_API.createAnalyzer, body, { session: credentials });
    }
    if (reply.status !== 200) throw new Error(`the demo analyzer: ${reply.status} ${JSON.stringify(reply.body)}`);
    const analyzer = reply.body.data;
    await api.call(
      LIMS_API.saveAnalyzerCodes,
      { id: analyzer._id, codes: DEMO_ANALYZER_CODES },
      { session: credentials },
    );
    defined.push(DEMO_ANALYZER.name);
  }
  return defined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const defined = await seedDemoLims();
  console.log(`[demo] lab tests defined: ${defined.length ? defined.join(', ') : 'none new'}`);
}
