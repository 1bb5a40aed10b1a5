import { CONTAINERS, SAMPLE_TYPES } from './catalogue-constants.js';

/** A test whose sample type nobody named (neither the lab's test definition nor billing's catalogue). */
export const UNSPECIFIED_SAMPLE_TYPE = 'UNSPECIFIED';
/** A sample type no container of CONTAINERS gives, and no test definition names a container for. */
export const UNSPECIFIED_CONTAINER = 'UNSPECIFIED';

/**
 * A sample type as a SAMPLE_TYPES code: billing's catalogue holds free text ('Serum', 'SERUM', 'Whole Blood (EDTA)'),
 * matched to a code or a name whatever the case; text the constants do not know is kept as written (trimmed), and
 * nothing at all is UNSPECIFIED.
 */
export function sampleTypeCodeOf(text: string | null | undefined): string {
  const t = text?.trim() ?? '';
  if (t === '') return UNSPECIFIED_SAMPLE_TYPE;
  const lower = t.toLowerCase();
  return SAMPLE_TYPES.find((s) => s.code.toLowerCase() === lower || s.name.toLowerCase() === lower)?.code ?? t;
}

/** The container a sample type is collected in when its test names none: the first of CONTAINERS that gives it. */
export function defaultContainerOf(sampleType: string): string {
  return (
    CONTAINERS.find((c) => (c.sampleTypes as readonly string[]).includes(sampleType))?.code ?? UNSPECIFIED_CONTAINER
  );
}

/** A LAB item of a registration, as RegistrationCreated carries it. */
export interface OrderedLabItem {
  itemId: string;
  code: string;
  name: string;
  sampleType: string | null;
}

/** What the lab's own test definition (lims.lab_tests) says of a test's collection, when it has one. */
export interface LabTestCollection {
  sampleType: string | null;
  container: string | null;
}

export interface SampleGroup<I extends OrderedLabItem = OrderedLabItem> {
  sampleType: string;
  container: string;
  items: I[];
}

/**
 * A registration's lab tests grouped into samples (docs/decisions/0297): one sample per sample type and container.
 * The sample type is the lab's test definition's, else billing's; the container the definition's, else the sample
 * type's default. Groups come in the order of their first test; tests keep their order within a group.
 */
export function groupIntoSamples<I extends OrderedLabItem>(
  items: readonly I[],
  definitionOf: (testCode: string) => LabTestCollection | undefined = () => undefined,
): SampleGroup<I>[] {
  const groups = new Map<string, SampleGroup<I>>();
  for (const item of items) {
    const definition = definitionOf(item.code.trim().toUpperCase());
    const sampleType = sampleTypeCodeOf(definition?.sampleType?.trim() ? definition.sampleType : item.sampleType);
    const container = definition?.container?.trim() || defaultContainerOf(sampleType);
    const key = `${sampleType}\u0000${container}`;
    const group = groups.get(key) ?? { sampleType, container, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
