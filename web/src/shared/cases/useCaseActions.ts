import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CASES_API, hasPrivilege, type Case, type CaseAction, type CaseAssignee } from '@rayworks/contracts';
import { caseActionRoute } from '@rayworks/lifecycles';
import { callApi } from '../../api/client';
import { useSession } from '../session/useSession';
import { casesKeys } from './useCase';

/**
 * A case's moves as the worklist, the case page and the report editor carry them out: who a case can go to, the
 * centre's settings that choose, and one confirmed action by its route.
 */

/** Who a centre's cases can go to (/cases/assignees): radiologists or transcriptionists, online first. */
export function useAssignees(centreId: string | null | undefined, as: 'radiologist' | 'typist', enabled = true) {
  return useQuery({
    queryKey: [...casesKeys.kind('assignees'), centreId ?? '', as],
    queryFn: async ({ signal }): Promise<CaseAssignee[]> =>
      (await callApi(CASES_API.caseAssignees, { body: { centreId: centreId!, as }, signal })).data.assignees,
    enabled: Boolean(centreId) && enabled,
    staleTime: 15_000,
  });
}

/**
 * A centre's worklist settings (acceptance, how typists are chosen). Only users with CENTERS VIEW may read them, and
 * only they ask (issue 25: a radiologist's report beside the viewer logged a 403 for it); for others the answer is
 * "unknown" (null) — the typist is then chosen by hand, which every centre accepts — never an error on screen.
 */
export function useCentreSettings(centreId: string | null | undefined, enabled = true) {
  const { config } = useSession();
  // the route's own access rule (CENTERS VIEW), from its contract
  const access = CASES_API.getCentreSettings.access;
  const mayRead = config !== null && (typeof access === 'string' || hasPrivilege(config, access));
  return useQuery({
    queryKey: [...casesKeys.kind('centre-settings'), centreId ?? ''],
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(CASES_API.getCentreSettings, { body: { centreId: centreId! }, signal })).data;
      } catch {
        return null;
      }
    },
    enabled: Boolean(centreId) && enabled && mayRead,
    staleTime: 60_000,
  });
}

/** Refreshes every list, count and case of the worklist (after an action, a conflict or a live change). */
export function useRefreshWorklist() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: casesKeys.all() });
}

/** One action on one case (/cases/worklistupdate) with the version the row showed. */
/** What one confirmed action carries: the row as read (its version), and the choices the dialog asked for. */
export interface CaseActionInput {
  row: Pick<Case, '_id' | 'version' | 'workflowType' | 'fusionStatus'>;
  action: CaseAction;
  reason?: string;
  typistId?: string;
  radiologistId?: string;
  fusionCentreId?: string;
}

/**
 * Carries out one action on one case by its route (`caseActionRoute` of libs/lifecycles, docs/decisions/0161):
 * /cases/worklistupdate, the marketplace's offer, withdrawal, take and give-back, the fusion send and the fusion
 * machine's moves. Answers the service's message.
 */
export async function runCaseAction(input: CaseActionInput): Promise<{ message: string }> {
  const ref = { _id: input.row._id, version: input.row.version };
  const reason = input.reason?.trim() ? { reason: input.reason.trim() } : {};
  const chosen = {
    ...(input.typistId ? { typistId: input.typistId } : {}),
    ...(input.radiologistId ? { radiologistId: input.radiologistId } : {}),
  };
  const step = caseActionRoute(input.row, input.action);
  switch (step.route) {
    case 'worklistUpdate':
      return callApi(CASES_API.worklistUpdate, { body: { ...ref, action: step.action, ...reason, ...chosen } });
    case 'fusionWorklistUpdate':
      return callApi(CASES_API.fusionWorklistUpdate, {
        body: {
          ...ref,
          action: step.action,
          ...reason,
          ...(input.radiologistId ? { radiologistId: input.radiologistId } : {}),
          ...(input.fusionCentreId ? { fusionCentreId: input.fusionCentreId } : {}),
        },
      });
    case 'fusionSend':
      return callApi(CASES_API.fusionSend, { body: { ...ref, fusionCentreId: input.fusionCentreId ?? '' } });
    case 'offerToMarketplace':
      return callApi(CASES_API.offerToMarketplace, { body: ref });
    case 'withdrawOffer':
      return callApi(CASES_API.withdrawOffer, { body: ref });
    case 'acceptOffer':
      return callApi(CASES_API.acceptOffer, { body: ref });
    case 'rejectOffer':
      return callApi(CASES_API.rejectOffer, { body: { ...ref, reason: input.reason?.trim() ?? '' } });
    default:
      throw new Error(`${input.action} is not carried out by a confirmation`);
  }
}

/** One confirmed action (runCaseAction); success or refusal, the rows are read again. */
export function useCaseAction() {
  const refresh = useRefreshWorklist();
  return useMutation({
    mutationFn: runCaseAction,
    // success or a conflict (409: the server's message is the toast): either way the rows are read again
    onSettled: () => void refresh(),
  });
}

/** The fusion centres the case's group has an active contract with (/fusion/contracts/find). */
export function useFusionCentres(groupId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...casesKeys.list('fusion-contracts')],
    queryFn: async ({ signal }) => (await callApi(CASES_API.fusionContracts, { body: {}, signal })).data.contracts,
    enabled,
    select: (contracts) => contracts.filter((c) => c.active && c.senderGroupId === groupId),
  });
}
