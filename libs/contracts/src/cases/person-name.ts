/**
 * A DICOM person name (PN: family^given^middle^prefix^suffix) as people read it: the components with spaces,
 * e.g. 'Sharma^Rohan' → 'Sharma Rohan'; '—' when there is none. The worklist, the report editor and the printed
 * report show names through this one function.
 */
export function personName(pn: string | null | undefined): string {
  return (pn ?? '').replace(/\^+/g, ' ').replace(/\s+/g, ' ').trim() || '—';
}

/** The five components of a DICOM person name, each trimmed of DICOM's space padding ('' when absent). */
export interface PersonNameParts {
  family: string;
  given: string;
  middle: string;
  prefix: string;
  suffix: string;
}

/**
 * A DICOM person name (PS3.5 §6.2) split into its components, for the formats that carry them apart (HL7 XPN, FHIR
 * HumanName): up to three component groups separated by `=` (alphabetic, ideographic, phonetic), each of five
 * components separated by `^`. The alphabetic group is read (the first group that is not empty when it is); a name
 * without `^` is a family name only, as DICOM defines it.
 */
export function personNameParts(pn: string | null | undefined): PersonNameParts {
  const group = (pn ?? '').split('=').find((g) => g.replace(/\^/g, '').trim() !== '') ?? '';
  const [family = '', given = '', middle = '', prefix = '', suffix = ''] = group.split('^').map((c) => c.trim());
  return { family, given, middle, prefix, suffix };
}
