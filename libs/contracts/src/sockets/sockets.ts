import type { DownloadState, ImportState } from '../imaging/states.js';

/** socket.io: the path the gateway serves it on, room names `<domain>:<id>`, events `<domain>:<event>`. */
export const REALTIME_PATH = '/realtime';

export const socketRoom = {
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  user: (userId: string) => `user:${userId}`,
  /** Every socket of one login session: closed together when the session ends. */
  session: (sessionId: string) => `session:${sessionId}`,
  job: (jobId: string) => `job:${jobId}`,
  /** Every marketplace radiologist (users of the platform, of no company): offers opening and closing. */
  marketplace: () => 'marketplace',
} as const;

export interface JobProgressMessage {
  queue: string;
  jobId: string;
  progress: number;
  state: 'active' | 'completed' | 'failed';
}

/**
 * How far one import has come (imaging worker → the user who uploaded it, room `user:<id>`): files read of the
 * zip's entries, instances stored (new) and already in the archive, files skipped with their reasons.
 */
export interface ImportProgressMessage {
  importId: string;
  state: ImportState;
  entriesRead: number;
  entriesTotal: number | null;
  instancesStored: number;
  instancesExisting: number;
  skipped: number;
  studyInstanceUids: string[];
  error: string | null;
}

/** A download changed state (imaging worker → the user who asked for it); `url` once READY. */
export interface DownloadStateMessage {
  downloadId: string;
  studyInstanceUid: string;
  state: DownloadState;
  url: string | null;
  error: string | null;
}

/**
 * A case changed (cases service → the case's company room `tenant:<id>`, the marketplace room for offered cases,
 * and the fusion centre's company room): no patient data, only what a worklist needs to refetch its row and counts.
 */
export interface CaseChangedMessage {
  caseId: string;
  version: number;
  type: string;
  status: string;
  worklistStatus: string;
  centreId: string | null;
  radiologistId: string | null;
  typistId: string | null;
  actorId: string | null;
}

/**
 * A message was added to a case's chat (cases service → the case's company room `tenant:<id>` and the user rooms of
 * the case's radiologist and typist, e.g. a marketplace radiologist of no company): no text, no patient data; a
 * console showing the case's chat reads it with /comment/find (which checks the reach). The same message may
 * arrive twice (company and user room): `commentId` tells.
 */
export interface CaseCommentAddedMessage {
  caseId: string;
  commentId: string;
  authorId: string | null;
  createdAt: string;
}

/**
 * A critical result alert was flagged, escalated or acknowledged (reporting → the case's company room `tenant:<id>`;
 * an escalation also to the user rooms of the centre's admins; docs/decisions/0187-critical-results.md). No patient
 * data and no finding text: a console shows its open alerts by reading /critical/find (which checks the reach).
 */
export interface CriticalAlertMessage {
  alertId: string;
  caseId: string;
  centreId: string | null;
  status: 'OPEN' | 'ESCALATED' | 'ACKNOWLEDGED';
  at: string;
}

/** Messages the server pushes to the console. */
export interface ServerToClientEvents {
  'system:hello': (message: { gateway: string; connectedAt: string }) => void;
  'job:progress': (message: JobProgressMessage) => void;
  'imaging:import-progress': (message: ImportProgressMessage) => void;
  'imaging:download-state': (message: DownloadStateMessage) => void;
  'cases:case-changed': (message: CaseChangedMessage) => void;
  'cases:comment-added': (message: CaseCommentAddedMessage) => void;
  'critical:alert': (message: CriticalAlertMessage) => void;
}

export type ClientToServerEvents = Record<string, never>;
