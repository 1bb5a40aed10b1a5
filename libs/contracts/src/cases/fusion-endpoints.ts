import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import type { CaseAction } from './actions.js';
import { caseSchema, fusionContractSchema } from './entities.js';
import { FUSION_STATUSES } from './states.js';

/**
 * Fusion (docs/decisions/0149-fusion-contracts.md, 0150-fusion-reach.md): a group sends a NEW case to a fusion centre
 * it has an active contract with (same company, or across companies by a platform contract); without one
 * /fusion/send answers 409 FUSION_MESSAGES.noContract. The fusion side moves it by the fusion machine and the fusion
 * rows of the action table (/fusion/worklistupdate); the sender recalls it (RECALL_FROM_FUSION). The fusion side's
 * users see what was sent to their company (/fccases/find) under row-level security.
 */
const id = z.uuid();
const version = z.number().int().min(1);

/** The actions /fusion/worklistupdate takes (the fusion machine's, libs/lifecycles/src/fusion). */
export const FUSION_UPDATE_ACTIONS = [
  'ASSIGN',
  'REASSIGN',
  'UNASSIGN',
  'ACCEPT',
  'REJECT',
  'COMPLETE',
  'RECALL_FROM_FUSION',
] as const satisfies readonly CaseAction[];
export type FusionUpdateAction = (typeof FUSION_UPDATE_ACTIONS)[number];

/** Send a NEW case of the caller's company to a contracted fusion centre. */
export const fusionSendBody = z.object({ _id: id, version, fusionCentreId: id }).strict();

/**
 * One fusion action on one case. ASSIGN of a NEW fusion case: to one of the fusion company's centres
 * (`fusionCentreId`) or at once to a radiologist (`radiologistId`, a radiologist of the fusion centre); REASSIGN:
 * `radiologistId`; REJECT: `reason` required.
 */
export const fusionUpdateBody = z
  .object({
    _id: id,
    version,
    action: z.enum(FUSION_UPDATE_ACTIONS),
    radiologistId: id.optional(),
    fusionCentreId: id.optional(),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .strict();

/** The cases sent to the caller's company (a fusion centre user's: to their centres). */
export const fusionCasesBody = z
  .object({
    fusionStatus: z.enum(FUSION_STATUSES).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type FusionCasesBody = z.output<typeof fusionCasesBody>;

/** A contract within the caller's company: this group may send to this fusion centre (of the same company). */
export const fusionContractCreateBody = z.object({ senderGroupId: id, fusionCentreId: id }).strict();

const W = WORKLIST;
export const FUSION_ENDPOINTS = {
  fusionContracts: ep({
    method: 'POST',
    path: '/fusion/contracts/find',
    access: requirement('WORKLIST', W.VIEW),
    body: z.object({}).strict(),
    data: z.object({ contracts: z.array(fusionContractSchema) }),
  }),
  createFusionContract: ep({
    method: 'POST',
    path: '/fusion/contracts/create',
    access: requirement('WORKLIST', W.ASSIGN),
    body: fusionContractCreateBody,
    data: fusionContractSchema,
    errors: [404, 409],
  }),
  fusionSend: ep({
    method: 'POST',
    path: '/fusion/send',
    access: requirement('WORKLIST', W.ASSIGN),
    body: fusionSendBody,
    data: caseSchema,
    errors: [404, 409],
  }),
  fusionWorklistUpdate: ep({
    method: 'POST',
    path: '/fusion/worklistupdate',
    // the action's own privilege (CASE_ACTION_PRIVILEGES) is checked by the service (403)
    access: requirement('WORKLIST', W.ASSIGN, W.REASSIGN, W.UNASSIGN, W.RECALL, W.ACCEPT, W.REJECT, W.GENERATE_REPORT),
    body: fusionUpdateBody,
    data: caseSchema,
    errors: [404, 409],
  }),
  fusionCases: ep({
    method: 'POST',
    path: '/fccases/find',
    access: requirement('WORKLIST', W.VIEW),
    body: fusionCasesBody,
    data: z.object({ cases: z.array(caseSchema), total: z.number().int().min(0) }),
  }),
};
