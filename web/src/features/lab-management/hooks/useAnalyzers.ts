import {
  ANALYZER_MESSAGES,
  LIMS_API,
  type Analyzer,
  type AnalyzerCode,
  type AnalyzerProtocol,
  type AnalyzerResult,
} from '@rayworks/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';

export const limsKeys = queryKeysOf('lims');
export const ANALYZERS = 'analyzers';
export const ANALYZER_RESULTS = 'analyzer-results';

export const fetchAnalyzersPage = pageFetcher<Analyzer>(LIMS_API.findAnalyzers);
/** The unmatched results queue: what analyzers sent that waits for a lab user (decision 0303). */
export const fetchUnmatchedPage = pageFetcher<AnalyzerResult>(LIMS_API.findAnalyzerResults, { status: 'UNMATCHED' });
export const fetchRefusedPage = pageFetcher<AnalyzerResult>(LIMS_API.findAnalyzerResults, { status: 'REFUSED' });

export interface AnalyzerForm {
  name: string;
  centreId: string;
  protocol: AnalyzerProtocol;
  sendingApplication: string;
  sendingFacility: string;
}

/** Registers an analyzer with the identity it sends (/analyzers/create). */
export function useAddAnalyzer(onSaved: () => void) {
  return useRecordMutation({
    call: (body: AnalyzerForm) => callApi(LIMS_API.createAnalyzer, { body }),
    message: ANALYZER_MESSAGES.analyzer.created,
    refresh: [ANALYZERS],
    keys: limsKeys,
    then: onSaved,
  });
}

/** An analyzer's code map as the screen edits it. */
export function useAnalyzerCodes(id: string) {
  return useQuery({
    queryKey: limsKeys.record(ANALYZERS, id),
    queryFn: async () => (await callApi(LIMS_API.getAnalyzerCodes, { body: { id } })).data,
  });
}

export function useSaveAnalyzerCodes(id: string, onSaved: () => void) {
  return useRecordMutation({
    call: (codes: AnalyzerCode[]) => callApi(LIMS_API.saveAnalyzerCodes, { body: { id, codes } }),
    message: ANALYZER_MESSAGES.codesSaved,
    refresh: [ANALYZERS],
    keys: limsKeys,
    then: onSaved,
  });
}

/** Activating or inactivating an analyzer, as ActiveToggle takes it. */
export const analyzerStatus = (id: string) => ({
  change: (isActive: boolean) => callApi(LIMS_API.analyzerStatus, { body: { id, isActive } }),
  invalidate: [limsKeys.kind(ANALYZERS)],
});

/** Matches a waiting result by hand (/analyzer-results/resolve). */
export function useResolveResult(onSaved: () => void) {
  return useRecordMutation({
    call: (body: { id: string; barcode: string; testCode: string; parameterCode: string }) =>
      callApi(LIMS_API.resolveAnalyzerResult, { body }),
    message: ANALYZER_MESSAGES.resolved,
    refresh: [ANALYZER_RESULTS],
    keys: limsKeys,
    then: onSaved,
  });
}

/** Discards a waiting or refused result with the reason (/analyzer-results/discard). */
export function useDiscardResult(onSaved: () => void) {
  return useRecordMutation({
    call: (body: { id: string; reason: string }) => callApi(LIMS_API.discardAnalyzerResult, { body }),
    message: ANALYZER_MESSAGES.discarded,
    refresh: [ANALYZER_RESULTS],
    keys: limsKeys,
    then: onSaved,
  });
}

/** A code map as text, one line per code: "analyzer code, test code, parameter code". */
export const codesToText = (codes: readonly AnalyzerCode[]): string =>
  codes.map((c) => `${c.analyzerCode}, ${c.testCode}, ${c.parameterCode}`).join('\n');

/** The lines of a code map typed as text; a line without three parts is reported by its number. */
export function codesOfText(text: string): { codes: AnalyzerCode[]; badLine: number | null } {
  const codes: AnalyzerCode[] = [];
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const parts = line.split(',').map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => p === '')) return { codes, badLine: i + 1 };
    codes.push({ analyzerCode: parts[0]!, testCode: parts[1]!, parameterCode: parts[2]! });
  }
  return { codes, badLine: null };
}
