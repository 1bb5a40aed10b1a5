// How a case action is carried out over the API (docs/decisions/0161-one-action-route.md): the one answer the worklist,
// the case details page and the fusion cases page share, beside the lifecycle that allows the action.
import {
  FUSION_UPDATE_ACTIONS,
  WORKLIST_UPDATE_ACTIONS,
  type CaseAction,
  type FusionUpdateAction,
  type WorklistUpdateAction,
} from '@rayworks/contracts';
import { isWithFusion } from './case-actions.js';
import type { CaseFacts } from './case.machine.js';

/** Which cases route an action takes (the CASES_API key), with the action the route's body carries. */
export type CaseActionRoute =
  /** the assign page: a radiologist (or typist) is chosen, then /cases/assign — or, with fusion, /fusion/worklistupdate */
  | { route: 'assign'; fusion: boolean }
  | { route: 'worklistUpdate'; action: WorklistUpdateAction }
  | { route: 'fusionWorklistUpdate'; action: FusionUpdateAction }
  | { route: 'splitCase' }
  /** a fusion centre is chosen among the contracts, then /fusion/send */
  | { route: 'fusionSend' }
  | { route: 'offerToMarketplace' }
  | { route: 'withdrawOffer' }
  | { route: 'acceptOffer' }
  | { route: 'rejectOffer' }
  /** not a move of the case: opening, printing, downloading, chatting — the page does it */
  | { route: null };

const isWorklistUpdate = (a: CaseAction): a is WorklistUpdateAction =>
  (WORKLIST_UPDATE_ACTIONS as readonly string[]).includes(a);
const isFusionUpdate = (a: CaseAction): a is FusionUpdateAction =>
  (FUSION_UPDATE_ACTIONS as readonly string[]).includes(a);

/**
 * The route of an action the lifecycle allowed on a case: a case with a fusion centre is moved by the fusion machine
 * (/fusion/worklistupdate; the sender's recall too); a marketplace case's taking and giving back are the
 * marketplace's (/marketplace/accept, /marketplace/reject); offers and sending are their own routes; every other move
 * of the case machine is /cases/worklistupdate, assignment /cases/assign, split /cases/split.
 */
export function caseActionRoute(
  facts: Pick<CaseFacts, 'fusionStatus' | 'workflowType'>,
  action: CaseAction,
): CaseActionRoute {
  const withFusion = isWithFusion(facts);
  switch (action) {
    case 'ASSIGN':
    case 'REASSIGN':
      return { route: 'assign', fusion: withFusion };
    case 'SPLIT':
      return { route: 'splitCase' };
    case 'SEND_TO_FUSION':
      return { route: 'fusionSend' };
    case 'RECALL_FROM_FUSION':
      return { route: 'fusionWorklistUpdate', action };
    case 'OFFER_TO_MARKETPLACE':
      return { route: 'offerToMarketplace' };
    case 'WITHDRAW_OFFER':
      return { route: 'withdrawOffer' };
    default:
      break;
  }
  if (withFusion && isFusionUpdate(action)) return { route: 'fusionWorklistUpdate', action };
  if (facts.workflowType === 'Marketplace' && action === 'ACCEPT') return { route: 'acceptOffer' };
  if (facts.workflowType === 'Marketplace' && action === 'REJECT') return { route: 'rejectOffer' };
  if (isWorklistUpdate(action)) return { route: 'worklistUpdate', action };
  return { route: null };
}

/** Actions whose confirmation asks for a reason, and whether it must be given (reject and recall must). */
export const CASE_ACTION_REASONS: Partial<Record<CaseAction, 'required' | 'optional'>> = {
  REJECT: 'required',
  RECALL: 'required',
  REJECT_RECALL: 'optional',
  REVERT: 'optional',
  UNASSIGN: 'optional',
  ROLLBACK: 'optional',
  HOLD: 'optional',
};

/** Actions confirmed with a red button (they take work away from someone). */
export const DESTRUCTIVE_CASE_ACTIONS: readonly CaseAction[] = [
  'REJECT',
  'RECALL',
  'UNASSIGN',
  'ROLLBACK',
  'REVERT',
  'WITHDRAW_OFFER',
  'RECALL_FROM_FUSION',
];
