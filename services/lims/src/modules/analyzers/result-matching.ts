import { ANALYZER_MESSAGES, compareDecimal, parseDecimal, type AnalyzerCode } from '@rayworks/contracts';
import type { ResultDecision, SampleOrders } from './analyzer-results.repository.js';

const M = ANALYZER_MESSAGES;

/** What a result's match needs, looked up: its sample (by barcode), its code's parameter, and the parameter's limits. */
export interface MatchInputs {
  barcode: string;
  analyzerCode: string;
  value: string;
  sample: SampleOrders | undefined;
  /** The analyzer's code map line, or for a lab user's resolution the parameter they chose. */
  code: Pick<AnalyzerCode, 'testCode' | 'parameterCode'> | undefined;
  /** The parameter's possible limits in its test's current version; null: not known (no check). */
  limits: { possibleMin: string | null; possibleMax: string | null } | null;
}

const unmatched = (reason: ResultDecision['reason'], note: string, partial: Partial<ResultDecision> = {}) =>
  ({
    status: 'UNMATCHED',
    reason,
    note,
    sampleId: null,
    labOrderId: null,
    testCode: null,
    parameterCode: null,
    ...partial,
  }) satisfies ResultDecision;

/**
 * How one result matches (docs/decisions/0303): the sample by its barcode (UNKNOWN_BARCODE), the parameter through
 * the analyzer's code map (UNKNOWN_CODE), an order of the sample for that test (NO_ORDER) — each waits in the
 * unmatched queue; then a number outside the parameter's possible minimum or maximum is REFUSED (kept, with the
 * message, never used); else MATCHED. A value that is not a number is not range-checked here (a text parameter).
 */
export function matchResult(input: MatchInputs): ResultDecision {
  if (!input.sample) return unmatched('UNKNOWN_BARCODE', M.unknownBarcode(input.barcode));
  const sampleId = input.sample.sampleId;
  if (!input.code) return unmatched('UNKNOWN_CODE', M.unknownCode(input.analyzerCode), { sampleId });
  const { testCode, parameterCode } = input.code;
  const labOrderId = input.sample.orders.get(testCode);
  if (!labOrderId) return unmatched('NO_ORDER', M.noOrderForTest(testCode), { sampleId, testCode, parameterCode });
  const matched = { sampleId, labOrderId, testCode, parameterCode };
  const value = parseDecimal(input.value.trim());
  if (input.limits && value) {
    const { possibleMin, possibleMax } = input.limits;
    const min = possibleMin === null ? null : parseDecimal(possibleMin);
    const max = possibleMax === null ? null : parseDecimal(possibleMax);
    if ((min && compareDecimal(value, min) < 0) || (max && compareDecimal(value, max) > 0))
      return {
        status: 'REFUSED',
        reason: 'OUT_OF_POSSIBLE_RANGE',
        note: M.outsidePossibleRange(input.value.trim(), `${parameterCode} (${testCode})`, possibleMin, possibleMax),
        ...matched,
      };
  }
  return { status: 'MATCHED', reason: null, note: null, ...matched };
}
