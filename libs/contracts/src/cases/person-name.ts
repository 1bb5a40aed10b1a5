/**
 * A DICOM person name (PN: family^given^middle^prefix^suffix) as people read it: the components with spaces,
 * e.g. 'Sharma^Rohan' → 'Sharma Rohan'; '—' when there is none. The worklist, the report editor and the printed
 * report show names through this one function.
 */
export function personName(pn: string | null | undefined): string {
  return (pn ?? '').replace(/\^+/g, ' ').replace(/\s+/g, ' ').trim() || '—';
}
