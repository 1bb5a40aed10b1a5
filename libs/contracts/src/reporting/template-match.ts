/**
 * How well a report template fits the study being reported (issue 25 item 2, docs/decisions/0344-templates-follow-the-study.md):
 * by the study's modality and body part — the DICOM Modality and Body Part Examined, else the body part the study's
 * description names (a registered case's description is the registration's test). /reportTemplates/find with a
 * `caseId` answers every template with its `match` and in this order; the report editor offers the study's first and
 * warns when the chosen one is for another body part or modality.
 */
export const TEMPLATE_MATCHES = [
  /** The study's modality and body part. */
  'exact',
  /** Any modality, the study's body part. */
  'bodyPart',
  /** The study's modality, any body part (or the study's body part is not known). */
  'modality',
  /** Any modality, any body part. */
  'general',
  /** The study's modality (or any), another body part. */
  'otherBodyPart',
  /** Another modality. */
  'otherModality',
] as const;
export type TemplateMatch = (typeof TEMPLATE_MATCHES)[number];

/** A match the report editor warns about: the template is for another body part or modality than the study. */
export const isTemplateMismatch = (match: TemplateMatch | null | undefined): boolean =>
  match === 'otherBodyPart' || match === 'otherModality';

/** The report editor's words about templates and the study (the e2e asserts them). */
export const TEMPLATE_MATCH_TEXT = {
  /** The picker's groups. */
  groups: { study: 'Matching this study', general: 'For any study', other: 'Other body parts and modalities' },
  /** The warning under the picker when the chosen template is for another body part or modality. */
  mismatch: (template: { name: string; modality: string | null; bodyPart: string | null }, study: string): string =>
    `'${template.name}' is a ${[template.modality, template.bodyPart].filter(Boolean).join(' ') || 'general'} template; this study is ${study}`,
} as const;

/** How the study is named in the editor's words: its description, else its modality and body part. */
export const studyLabelOf = (study: { modality: string | null; bodyPart: string | null; description: string | null }) =>
  study.description?.trim() || [study.modality, study.bodyPart].filter(Boolean).join(' ') || 'not described';

/** The group of the picker a match falls in. */
export const templateGroupOf = (match: TemplateMatch | null): keyof typeof TEMPLATE_MATCH_TEXT.groups =>
  match === null || match === 'exact' || match === 'bodyPart' || match === 'modality'
    ? 'study'
    : match === 'general'
      ? 'general'
      : 'other';

/** The study a template is matched against (the case's facts). */
export interface TemplateStudy {
  modality: string | null;
  /** Every modality of the study (a CT with a localiser SR still reads as CT). */
  modalities?: readonly string[];
  bodyPart: string | null;
  description: string | null;
}

/**
 * Body parts that name one region (DICOM Body Part Examined defined terms and the words descriptions use): a template
 * for one of a group fits a study naming any of them.
 */
const BODY_PART_GROUPS: readonly (readonly string[])[] = [
  ['BRAIN', 'HEAD', 'SKULL', 'CRANIUM', 'CEREBRUM'],
  ['CHEST', 'THORAX', 'LUNG', 'LUNGS', 'HRCT'],
  ['ABDOMEN', 'ABD', 'ABDOMINAL'],
  ['PELVIS', 'PELVIC'],
  ['NECK'],
  ['SPINE', 'CSPINE', 'TSPINE', 'LSPINE', 'LUMBAR', 'CERVICAL', 'DORSAL', 'THORACIC SPINE'],
  ['KNEE'],
  ['SHOULDER'],
  ['HIP'],
  ['ANKLE'],
  ['WRIST'],
  ['ELBOW'],
  ['HAND'],
  ['FOOT'],
  ['BREAST', 'MAMMO', 'MAMMOGRAPHY'],
  ['HEART', 'CARDIAC', 'CORONARY'],
  ['SINUS', 'SINUSES', 'PNS', 'PARANASAL'],
  ['ORBIT', 'ORBITS'],
  ['KUB', 'KIDNEY', 'KIDNEYS', 'RENAL'],
];

const norm = (v: string | null | undefined): string =>
  (v ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

/** The regions a body part or a description names (each a group's first word, or the word itself when in no group). */
function regionsOf(text: string | null | undefined, wholeWordOnly: boolean): Set<string> {
  const t = norm(text);
  const found = new Set<string>();
  if (!t) return found;
  const padded = ` ${t} `;
  for (const group of BODY_PART_GROUPS) if (group.some((w) => padded.includes(` ${w} `))) found.add(group[0]!);
  if (!wholeWordOnly && found.size === 0) found.add(t);
  return found;
}

/** The regions a template's body part stands for (a group's first word, or the code itself). */
const templateRegions = (bodyPart: string): Set<string> => regionsOf(bodyPart, false);

/** The regions the study names: its Body Part Examined, else the body parts its description names. */
export function studyRegions(study: TemplateStudy): Set<string> {
  const fromHeader = regionsOf(study.bodyPart, false);
  return fromHeader.size > 0 ? fromHeader : regionsOf(study.description, true);
}

/** How the template fits the study (TEMPLATE_MATCHES). */
export function templateMatchOf(
  template: { modality: string | null; bodyPart: string | null },
  study: TemplateStudy,
): TemplateMatch {
  const modalities = new Set([study.modality, ...(study.modalities ?? [])].map(norm).filter(Boolean));
  const tModality = norm(template.modality);
  if (tModality && modalities.size > 0 && !modalities.has(tModality)) return 'otherModality';
  const anyModality = !tModality;
  const tBody = norm(template.bodyPart);
  if (!tBody) return anyModality ? 'general' : 'modality';
  const regions = studyRegions(study);
  if (regions.size === 0) return anyModality ? 'general' : 'modality';
  const wanted = templateRegions(tBody);
  const fits = [...wanted].some((r) => regions.has(r)) || norm(study.description).split(' ').includes(tBody);
  if (!fits) return 'otherBodyPart';
  return anyModality ? 'bodyPart' : 'exact';
}

/** Templates in the order the study wants them: by match (TEMPLATE_MATCHES), the given order kept within one. */
export function rankTemplates<T extends { modality: string | null; bodyPart: string | null }>(
  templates: readonly T[],
  study: TemplateStudy,
): (T & { match: TemplateMatch })[] {
  return templates
    .map((t, i) => ({ t: { ...t, match: templateMatchOf(t, study) }, i }))
    .sort((a, b) => TEMPLATE_MATCHES.indexOf(a.t.match) - TEMPLATE_MATCHES.indexOf(b.t.match) || a.i - b.i)
    .map(({ t }) => t);
}
