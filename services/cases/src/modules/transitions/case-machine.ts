import { CASE_MESSAGES, ROLE_CODES, type CaseStatus } from '@rayworks/contracts';
import type { CaseEntity } from '../cases/case.entity.js';

/**
 * TEMPORARY stand-in for libs/lifecycles' `nextCase` (replaced when h10/lifecycles is merged): whether an action may
 * move the case, and to which status.
 */
export interface CaseActor {
  userId: string | null;
  roleCodes: readonly string[];
}

export type MachineStep = { status: CaseStatus } | { refused: string };

const ADMINS: readonly string[] = [
  ROLE_CODES.ADMIN,
  ROLE_CODES.SUPER_ADMIN,
  ROLE_CODES.RADIOLOGY_ADMIN,
  ROLE_CODES.GROUP_ADMIN,
  ROLE_CODES.GROUP_CENTER_ADMIN,
  ROLE_CODES.CENTER_ADMIN,
];

export function nextStep(
  action: string,
  row: CaseEntity,
  actor: CaseActor,
  settings: { requiresAcceptance: boolean },
): MachineStep {
  const admin = actor.userId === null || actor.roleCodes.some((r) => ADMINS.includes(r));
  const assignee = actor.userId !== null && actor.userId === row.radiologistId;
  const s = row.status;
  const no = { refused: CASE_MESSAGES.actionNotAllowed(action, s) };
  const assigned: CaseStatus = settings.requiresAcceptance ? 'PENDING FOR ACCEPTANCE' : 'IN PROGRESS';
  switch (action) {
    case 'ASSIGN':
      return admin && s === 'NEW' ? { status: assigned } : no;
    case 'REASSIGN':
      return admin && (s === 'REJECTED' || s === 'RECALLED' || s === 'NEW') ? { status: assigned } : no;
    case 'UNASSIGN':
      return admin && ['PENDING FOR ACCEPTANCE', 'IN PROGRESS', 'REJECTED', 'RECALLED'].includes(s)
        ? { status: 'NEW' }
        : no;
    case 'ACCEPT':
      return assignee && s === 'PENDING FOR ACCEPTANCE' && !row.recallRequestedAt ? { status: 'IN PROGRESS' } : no;
    case 'REJECT':
      return assignee && (s === 'PENDING FOR ACCEPTANCE' || s === 'IN PROGRESS') ? { status: 'REJECTED' } : no;
    case 'RECALL':
      return admin && (s === 'PENDING FOR ACCEPTANCE' || s === 'IN PROGRESS') && !row.recallRequestedAt
        ? { status: s }
        : no;
    case 'ACCEPT_RECALL':
      return assignee && row.recallRequestedAt ? { status: 'RECALLED' } : no;
    case 'REJECT_RECALL':
      return assignee && row.recallRequestedAt ? { status: s } : no;
    case 'HOLD':
      return assignee && s === 'IN PROGRESS' && !row.onHold ? { status: s } : no;
    case 'UNHOLD':
      return assignee && s === 'IN PROGRESS' && row.onHold ? { status: s } : no;
    case 'REVERT':
      return assignee && (s === 'PENDING FOR ACCEPTANCE' || s === 'IN PROGRESS') ? { status: 'NEW' } : no;
    case 'SEND_TO_TYPIST':
      return (assignee || admin) && s === 'IN PROGRESS' ? { status: 'PENDING AT TYPIST' } : no;
    case 'TRANSCRIBE':
      return s === 'PENDING AT TYPIST' && actor.userId === row.typistId ? { status: s } : no;
    case 'SUBMIT_FOR_REVIEW':
      return s === 'PENDING AT TYPIST' || (assignee && s === 'IN PROGRESS') ? { status: 'PENDING FOR REVIEW' } : no;
    case 'COMPLETE':
      return assignee && (s === 'IN PROGRESS' || s === 'PENDING FOR REVIEW')
        ? { status: actor.roleCodes.includes(ROLE_CODES.JUNIOR_RADIOLOGIST) ? 'PENDING FOR REVIEW' : 'COMPLETED' }
        : no;
    case 'ROLLBACK':
      return admin && s === 'COMPLETED' ? { status: 'IN PROGRESS' } : no;
    case 'ADDENDUM':
      return assignee && s === 'COMPLETED' ? { status: 'IN PROGRESS' } : no;
    case 'SPLIT':
      return admin && s === 'NEW' ? { status: s } : no;
    case 'FLAG_EMERGENCY':
    case 'FLAG_MLC':
      return admin && s !== 'COMPLETED' ? { status: s } : no;
    default:
      return no;
  }
}
