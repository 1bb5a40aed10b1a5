/**
 * The laboratory catalogue's constants lists (spec §3: "Test parameter types: Text, Numeric, Numeric unbound,
 * Multiple ranges, Custom. Field modes: single, multi, text field." and "Constants lists: sample types and about 170
 * units of measure"). One source of truth: the catalogue's schemas, the bulk upload, the console's pickers and the
 * worksheet read these lists and nothing else. Where each list comes from: docs/decisions/0291.
 */

/** A parameter's kind of value (spec §3, word for word); what each means for flags: docs/decisions/0292. */
export const PARAMETER_TYPES = ['Text', 'Numeric', 'Numeric unbound', 'Multiple ranges', 'Custom'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** The types whose value is a number (judged against ranges, limits and deltas). */
export const NUMERIC_PARAMETER_TYPES = [
  'Numeric',
  'Numeric unbound',
  'Multiple ranges',
] as const satisfies readonly ParameterType[];

/**
 * How a parameter's value is entered (spec §3, word for word): one value or one choice (`single`), several choices
 * (`multi`), or free text over several lines (`text field`).
 */
export const FIELD_MODES = ['single', 'multi', 'text field'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

/** A department of the laboratory with its code (spec §3 department: subDepartmentName, subDepartmentCode). */
export interface LabDepartment {
  readonly subDepartmentCode: string;
  readonly subDepartmentName: string;
}

/**
 * The departments a new laboratory starts with, named as Indian diagnostic laboratories print them on their reports
 * (a lab report is grouped by department). A company may add its own; these codes are never reused for another name.
 */
export const DEFAULT_LAB_DEPARTMENTS = [
  { subDepartmentCode: 'HAEM', subDepartmentName: 'Haematology' },
  { subDepartmentCode: 'BIOC', subDepartmentName: 'Biochemistry' },
  { subDepartmentCode: 'CLPATH', subDepartmentName: 'Clinical Pathology' },
  { subDepartmentCode: 'MICRO', subDepartmentName: 'Microbiology' },
  { subDepartmentCode: 'SERO', subDepartmentName: 'Serology & Immunology' },
  { subDepartmentCode: 'ENDO', subDepartmentName: 'Hormones & Endocrinology' },
  { subDepartmentCode: 'COAG', subDepartmentName: 'Coagulation' },
  { subDepartmentCode: 'HISTO', subDepartmentName: 'Histopathology' },
  { subDepartmentCode: 'CYTO', subDepartmentName: 'Cytology' },
  { subDepartmentCode: 'MOLBIO', subDepartmentName: 'Molecular Biology' },
  { subDepartmentCode: 'CYTOGEN', subDepartmentName: 'Cytogenetics' },
  { subDepartmentCode: 'TOX', subDepartmentName: 'Toxicology & Drug Monitoring' },
  { subDepartmentCode: 'BB', subDepartmentName: 'Blood Bank & Immunohaematology' },
] as const satisfies readonly LabDepartment[];

/**
 * Specimen types a clinical laboratory receives (docs/decisions/0291: the specimen types of HL7 v2 table 0487 and
 * the tube guides of Indian reference labs, in the words printed on requisitions and labels). The code is what a
 * test, a sample and a barcode label store; the name is what people read.
 */
export const SAMPLE_TYPES = [
  { code: 'WB_EDTA', name: 'Whole Blood (EDTA)' },
  { code: 'WB_HEPARIN', name: 'Whole Blood (Heparin)' },
  { code: 'WB_CITRATE', name: 'Whole Blood (Citrate, ESR)' },
  { code: 'SERUM', name: 'Serum' },
  { code: 'PLASMA_CITRATE', name: 'Plasma (Citrate)' },
  { code: 'PLASMA_HEPARIN', name: 'Plasma (Heparin)' },
  { code: 'PLASMA_FLUORIDE', name: 'Plasma (Fluoride)' },
  { code: 'PLASMA_EDTA', name: 'Plasma (EDTA)' },
  { code: 'ARTERIAL_BLOOD', name: 'Arterial Blood (Heparinised)' },
  { code: 'CAPILLARY_BLOOD', name: 'Capillary Blood' },
  { code: 'DRIED_BLOOD_SPOT', name: 'Dried Blood Spot' },
  { code: 'BLOOD_CULTURE', name: 'Blood (Culture Bottle)' },
  { code: 'URINE_SPOT', name: 'Urine (Spot / Random)' },
  { code: 'URINE_MORNING', name: 'Urine (First Morning)' },
  { code: 'URINE_24H', name: 'Urine (24 h)' },
  { code: 'URINE_MIDSTREAM', name: 'Urine (Midstream, Culture)' },
  { code: 'STOOL', name: 'Stool' },
  { code: 'CSF', name: 'Cerebrospinal Fluid (CSF)' },
  { code: 'PLEURAL_FLUID', name: 'Pleural Fluid' },
  { code: 'PERITONEAL_FLUID', name: 'Peritoneal (Ascitic) Fluid' },
  { code: 'PERICARDIAL_FLUID', name: 'Pericardial Fluid' },
  { code: 'SYNOVIAL_FLUID', name: 'Synovial Fluid' },
  { code: 'BODY_FLUID', name: 'Body Fluid (Other)' },
  { code: 'SEMEN', name: 'Semen' },
  { code: 'SPUTUM', name: 'Sputum' },
  { code: 'BAL', name: 'Bronchoalveolar Lavage (BAL)' },
  { code: 'SWAB_THROAT', name: 'Throat Swab' },
  { code: 'SWAB_NASOPHARYNGEAL', name: 'Nasopharyngeal Swab' },
  { code: 'SWAB_WOUND', name: 'Wound Swab' },
  { code: 'SWAB_VAGINAL', name: 'Vaginal / Endocervical Swab' },
  { code: 'SWAB_OTHER', name: 'Swab (Other)' },
  { code: 'PUS', name: 'Pus' },
  { code: 'TISSUE', name: 'Tissue (Formalin)' },
  { code: 'BONE_MARROW', name: 'Bone Marrow Aspirate' },
  { code: 'FNAC', name: 'Fine Needle Aspirate (FNAC)' },
  { code: 'PAP_SMEAR', name: 'Cervical Smear (Pap)' },
  { code: 'SLIDE', name: 'Slide / Smear' },
  { code: 'PARAFFIN_BLOCK', name: 'Paraffin Block' },
  { code: 'NAIL_HAIR_SKIN', name: 'Nail / Hair / Skin Scraping' },
  { code: 'CALCULUS', name: 'Calculus (Stone)' },
] as const;
export type SampleTypeCode = (typeof SAMPLE_TYPES)[number]['code'];
export const SAMPLE_TYPE_CODES = SAMPLE_TYPES.map((s) => s.code) as unknown as readonly [
  SampleTypeCode,
  ...SampleTypeCode[],
];

/**
 * What a sample is collected in: evacuated tubes by cap colour (the colours of ISO 6710 and the common tube makers),
 * with the sample types each one gives, and the other containers. Collection groups a registration's tests into one
 * sample per sample type and container.
 */
export const CONTAINERS = [
  { code: 'LAVENDER_EDTA', name: 'Lavender top (K2/K3 EDTA)', sampleTypes: ['WB_EDTA', 'PLASMA_EDTA'] },
  { code: 'PINK_EDTA', name: 'Pink top (K2 EDTA, blood bank)', sampleTypes: ['WB_EDTA'] },
  { code: 'RED_PLAIN', name: 'Red top (plain / clot activator)', sampleTypes: ['SERUM'] },
  { code: 'GOLD_SST', name: 'Gold / yellow top (SST gel)', sampleTypes: ['SERUM'] },
  { code: 'LIGHT_BLUE_CITRATE', name: 'Light blue top (3.2% sodium citrate)', sampleTypes: ['PLASMA_CITRATE'] },
  { code: 'BLACK_ESR', name: 'Black top (sodium citrate 1:4, ESR)', sampleTypes: ['WB_CITRATE'] },
  { code: 'GREY_FLUORIDE', name: 'Grey top (sodium fluoride / oxalate)', sampleTypes: ['PLASMA_FLUORIDE'] },
  {
    code: 'GREEN_HEPARIN',
    name: 'Green top (lithium / sodium heparin)',
    sampleTypes: ['PLASMA_HEPARIN', 'WB_HEPARIN'],
  },
  { code: 'ABG_SYRINGE', name: 'Heparinised syringe (blood gas)', sampleTypes: ['ARTERIAL_BLOOD'] },
  { code: 'MICROTAINER', name: 'Microtainer (capillary)', sampleTypes: ['CAPILLARY_BLOOD'] },
  { code: 'FILTER_CARD', name: 'Filter paper card', sampleTypes: ['DRIED_BLOOD_SPOT'] },
  { code: 'BLOOD_CULTURE_BOTTLE', name: 'Blood culture bottle', sampleTypes: ['BLOOD_CULTURE'] },
  {
    code: 'URINE_CUP_STERILE',
    name: 'Sterile urine container',
    sampleTypes: ['URINE_SPOT', 'URINE_MORNING', 'URINE_MIDSTREAM'],
  },
  { code: 'URINE_24H_CAN', name: '24 h urine container', sampleTypes: ['URINE_24H'] },
  { code: 'STOOL_CONTAINER', name: 'Stool container', sampleTypes: ['STOOL'] },
  {
    code: 'STERILE_CONTAINER',
    name: 'Sterile container',
    sampleTypes: [
      'CSF',
      'PLEURAL_FLUID',
      'PERITONEAL_FLUID',
      'PERICARDIAL_FLUID',
      'SYNOVIAL_FLUID',
      'BODY_FLUID',
      'SEMEN',
      'SPUTUM',
      'BAL',
      'PUS',
      'BONE_MARROW',
      'NAIL_HAIR_SKIN',
      'CALCULUS',
    ],
  },
  {
    code: 'SWAB_TRANSPORT',
    name: 'Swab in transport medium',
    sampleTypes: ['SWAB_THROAT', 'SWAB_NASOPHARYNGEAL', 'SWAB_WOUND', 'SWAB_VAGINAL', 'SWAB_OTHER'],
  },
  { code: 'VTM', name: 'Viral transport medium (VTM)', sampleTypes: ['SWAB_NASOPHARYNGEAL', 'SWAB_THROAT'] },
  { code: 'FORMALIN_JAR', name: 'Formalin container (10% NBF)', sampleTypes: ['TISSUE'] },
  { code: 'SLIDE_MAILER', name: 'Slide mailer', sampleTypes: ['SLIDE', 'PAP_SMEAR', 'FNAC', 'BONE_MARROW'] },
  { code: 'BLOCK_CASSETTE', name: 'Block cassette', sampleTypes: ['PARAFFIN_BLOCK'] },
] as const satisfies readonly { code: string; name: string; sampleTypes: readonly SampleTypeCode[] }[];
export type ContainerCode = (typeof CONTAINERS)[number]['code'];
export const CONTAINER_CODES = CONTAINERS.map((c) => c.code) as unknown as readonly [ContainerCode, ...ContainerCode[]];

/** A unit of measure: its UCUM code (what is stored and sent in HL7 OBX-6 / FHIR) and how a report prints it. */
export interface UnitOfMeasure {
  readonly code: string;
  readonly label: string;
}

/**
 * The units of measure a lab report uses (spec §3: "about 170"), as UCUM case-sensitive codes
 * (https://ucum.org) — the codes LOINC's example units and FHIR's Quantity use, so results travel without a mapping
 * — each with the label a report prints ('10*3/uL' is printed '10³/µL', 'u[IU]/mL' 'µIU/mL', 'meq/L' 'mEq/L').
 * Annotations in braces are UCUM's own ('{ratio}', '{s_co_ratio}'). Codes are unique; see docs/decisions/0291.
 */
export const UNITS: readonly UnitOfMeasure[] = (
  [
    ['%', '%'],
    ['g/dL', 'g/dL'],
    ['g/L', 'g/L'],
    ['mg/dL', 'mg/dL'],
    ['mg/L', 'mg/L'],
    ['mg/mL', 'mg/mL'],
    ['ug/dL', 'µg/dL'],
    ['ug/L', 'µg/L'],
    ['ug/mL', 'µg/mL'],
    ['ng/dL', 'ng/dL'],
    ['ng/L', 'ng/L'],
    ['ng/mL', 'ng/mL'],
    ['pg/mL', 'pg/mL'],
    ['pg/dL', 'pg/dL'],
    ['mmol/L', 'mmol/L'],
    ['umol/L', 'µmol/L'],
    ['nmol/L', 'nmol/L'],
    ['pmol/L', 'pmol/L'],
    ['mol/L', 'mol/L'],
    ['fmol/L', 'fmol/L'],
    ['meq/L', 'mEq/L'],
    ['mosm/kg', 'mOsm/kg'],
    ['mosm/L', 'mOsm/L'],
    ['U/L', 'U/L'],
    ['U/mL', 'U/mL'],
    ['U/dL', 'U/dL'],
    ['U/g', 'U/g'],
    ['U/g{Hb}', 'U/g Hb'],
    ['kU/L', 'kU/L'],
    ['mU/L', 'mU/L'],
    ['mU/mL', 'mU/mL'],
    ['[IU]/L', 'IU/L'],
    ['[IU]/mL', 'IU/mL'],
    ['[IU]/dL', 'IU/dL'],
    ['k[IU]/L', 'kIU/L'],
    ['m[IU]/L', 'mIU/L'],
    ['m[IU]/mL', 'mIU/mL'],
    ['u[IU]/mL', 'µIU/mL'],
    ['u[IU]/L', 'µIU/L'],
    ["[arb'U]/mL", 'AU/mL'],
    ["[arb'U]/L", 'AU/L'],
    ['{RU}/mL', 'RU/mL'],
    ["[GPL'U]/mL", 'GPL U/mL'],
    ["[MPL'U]/mL", 'MPL U/mL'],
    ['10*3/uL', '10³/µL'],
    ['10*6/uL', '10⁶/µL'],
    ['10*9/L', '10⁹/L'],
    ['10*12/L', '10¹²/L'],
    ['10*3/mm3', '10³/mm³'],
    ['10*6/mm3', '10⁶/mm³'],
    ['/uL', '/µL'],
    ['/mm3', '/mm³'],
    ['/mL', '/mL'],
    ['/L', '/L'],
    ['/[HPF]', '/HPF'],
    ['/[LPF]', '/LPF'],
    ['{cells}/uL', 'cells/µL'],
    ['{cells}/[HPF]', 'cells/HPF'],
    ['{cells}/mm3', 'cells/mm³'],
    ['/100{WBCs}', '/100 WBC'],
    ['{CFU}/mL', 'CFU/mL'],
    ['{copies}/mL', 'copies/mL'],
    ['{log_copies}/mL', 'log copies/mL'],
    ['[IU]/10*6{cells}', 'IU/10⁶ cells'],
    ['fL', 'fL'],
    ['pg', 'pg'],
    ['pg/{cell}', 'pg/cell'],
    ['um3', 'µm³'],
    ['um', 'µm'],
    ['mm', 'mm'],
    ['cm', 'cm'],
    ['m', 'm'],
    ['mm/h', 'mm/h'],
    ['s', 's'],
    ['min', 'min'],
    ['h', 'h'],
    ['d', 'days'],
    ['wk', 'weeks'],
    ['mo', 'months'],
    ['a', 'years'],
    ['{ratio}', 'ratio'],
    ['{index}', 'index'],
    ['{INR}', 'INR'],
    ['{titer}', 'titre'],
    ['{dilution}', 'dilution'],
    ['{s_co_ratio}', 'S/CO'],
    ['{COI}', 'COI'],
    ['{OD}', 'OD'],
    ['{OD_ratio}', 'OD ratio'],
    ['{Index_val}', 'Index value'],
    ['{MoM}', 'MoM'],
    ['{score}', 'score'],
    ['{count}', 'count'],
    ['{cells}', 'cells'],
    ['{copies}', 'copies'],
    ['{beats}/min', 'beats/min'],
    ['/min', '/min'],
    ['1', '(no unit)'],
    ['%{Hb}', '% of Hb'],
    ['%{HbA1c}', '% HbA1c'],
    ['mmol/mol', 'mmol/mol'],
    ['mmol/mol{creat}', 'mmol/mol creatinine'],
    ['mg/g{creat}', 'mg/g creatinine'],
    ['ug/g{creat}', 'µg/g creatinine'],
    ['mg/mmol{creat}', 'mg/mmol creatinine'],
    ['mg/(24.h)', 'mg/24 h'],
    ['g/(24.h)', 'g/24 h'],
    ['ug/(24.h)', 'µg/24 h'],
    ['mmol/(24.h)', 'mmol/24 h'],
    ['umol/(24.h)', 'µmol/24 h'],
    ['meq/(24.h)', 'mEq/24 h'],
    ['U/(24.h)', 'U/24 h'],
    ['mL/(24.h)', 'mL/24 h'],
    ['mL/min', 'mL/min'],
    ['mL/min/{1.73_m2}', 'mL/min/1.73 m²'],
    ['mL/s', 'mL/s'],
    ['mL', 'mL'],
    ['L', 'L'],
    ['uL', 'µL'],
    ['dL', 'dL'],
    ['L/min', 'L/min'],
    ['L/L', 'L/L'],
    ['mL/dL', 'mL/dL'],
    ['mL/kg', 'mL/kg'],
    ['g', 'g'],
    ['mg', 'mg'],
    ['ug', 'µg'],
    ['ng', 'ng'],
    ['kg', 'kg'],
    ['mg/kg', 'mg/kg'],
    ['ug/kg', 'µg/kg'],
    ['mg/g', 'mg/g'],
    ['ug/g', 'µg/g'],
    ['ng/g', 'ng/g'],
    ['ng/mL/h', 'ng/mL/h'],
    ['mmol/kg', 'mmol/kg'],
    ['umol/g', 'µmol/g'],
    ['mm[Hg]', 'mmHg'],
    ['kPa', 'kPa'],
    ['cm[H2O]', 'cmH₂O'],
    ['Cel', '°C'],
    ['[degF]', '°F'],
    ['[pH]', 'pH'],
    ['g/cm3', 'g/cm³'],
    ['{SG}', 'specific gravity'],
    ['mg/dL{FEU}', 'mg/dL FEU'],
    ['ug/mL{FEU}', 'µg/mL FEU'],
    ['ng/mL{FEU}', 'ng/mL FEU'],
    ['ug/L{DDU}', 'µg/L DDU'],
    ['mg/L{FEU}', 'mg/L FEU'],
    ["{Ehrlich'U}/dL", 'EU/dL'],
    ["{Ehrlich'U}", 'Ehrlich units'],
    ['nmol/mL/h', 'nmol/mL/h'],
    ['pmol/mL', 'pmol/mL'],
    ['umol/mL', 'µmol/mL'],
    ['nmol/mmol{creat}', 'nmol/mmol creatinine'],
    ['%{activity}', '% activity'],
    ['%{normal}', '% of normal'],
    ['%{inhibition}', '% inhibition'],
    ['%{binding}', '% binding'],
    ['%{saturation}', '% saturation'],
    ['%{positive}', '% positive cells'],
    ['g/g{creat}', 'g/g creatinine'],
    ['ng/(24.h)', 'ng/24 h'],
    ['nmol/(24.h)', 'nmol/24 h'],
    ['ug/g{Hb}', 'µg/g Hb'],
    ['umol/mol{creat}', 'µmol/mol creatinine'],
    ['ng/mg{creat}', 'ng/mg creatinine'],
    ['mg/kg/(24.h)', 'mg/kg/24 h'],
    ['mosm/(24.h)', 'mOsm/24 h'],
  ] as const
).map(([code, label]) => ({ code, label }));

/** Every unit's UCUM code, for `z.enum` and look-ups. */
export const UNIT_CODES: readonly string[] = UNITS.map((u) => u.code);

const unitByCode = new Map(UNITS.map((u) => [u.code, u]));

/** The unit a UCUM code names, or undefined when it is not in the list. */
export function unitOf(code: string): UnitOfMeasure | undefined {
  return unitByCode.get(code);
}
