import type { DownloadState, ImportState } from '../imaging/states.js';

/** socket.io: the path the gateway serves it on, room names `<domain>:<id>`, events `<domain>:<event>`. */
export const REALTIME_PATH = '/realtime';

export const socketRoom = {
  user: (userId: string) => `user:${userId}`,
  /** Every socket of one login session: closed together when the session ends. */
  session: (sessionId: string) => `session:${sessionId}`,
  job: (jobId: string) => `job:${jobId}`,
  /** Every marketplace radiologist (users of the platform, of no company): offers opening and closing. */
  marketplace: () => 'marketplace',
  /**
   * The rooms of case reach (case-rooms.ts, docs/decisions/0219-live-updates-by-reach.md): who hears a case's live
   * updates. A company's company-level users; a group's admins; a centre's users; a centre's senior radiologists
   * (its review queue); a centre's typists (its typing pool); a fusion centre's users (the cases sent to it).
   */
  casesOfCompany: (tenantId: string) => `cases:company:${tenantId}`,
  casesOfGroup: (groupId: string) => `cases:group:${groupId}`,
  casesOfCentre: (centreId: string) => `cases:centre:${centreId}`,
  reviewQueueOf: (centreId: string) => `cases:review:${centreId}`,
  typingPoolOf: (centreId: string) => `cases:typing:${centreId}`,
  casesSentTo: (fusionCentreId: string) => `cases:fusion:${fusionCentreId}`,
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
 * A case changed (cases service → the rooms of the users whose reach holds the case, before or after the change:
 * `caseRooms`): no patient data, only what a worklist needs to refetch its row and counts.
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
 * A message was added to a case's chat (cases service → the rooms of the users whose reach holds the case:
 * `caseRooms`): no text, no patient data; a console showing the case's chat reads it with /comment/find (which checks
 * the reach).
 */
export interface CaseCommentAddedMessage {
  caseId: string;
  commentId: string;
  authorId: string | null;
  createdAt: string;
}

/**
 * A critical result alert was flagged, escalated or acknowledged (reporting → the case's or lab order's centre side,
 * `centreSideRooms`, and the radiologist who flagged it; an escalation also to the user rooms of the centre's admins;
 * docs/decisions/0187-critical-results.md, 0219). No patient data and no finding text: a console shows its open
 * alerts by reading /critical/find (which checks the reach).
 */
export interface CriticalAlertMessage {
  alertId: string;
  /** What the alert is about (docs/decisions/0307): a case (`caseId`) or a lab order (`labOrderId`). */
  subject: 'CASE' | 'LAB';
  caseId: string | null;
  labOrderId: string | null;
  centreId: string | null;
  status: 'OPEN' | 'ESCALATED' | 'ACKNOWLEDGED';
  at: string;
}

/**
 * The lab rejected a sample of a centre (lims → the centre side of the sample's registration, `centreSideRooms`;
 * docs/decisions/0299): its barcode, the reason's code and the new barcode to collect. No patient name: a console
 * reads the sample with /sample/find (which checks the reach).
 */
export interface SampleRejectedMessage {
  sampleId: string;
  barcode: string;
  centreId: string;
  registrationNumber: string;
  reason: string;
  recollectionBarcode: string;
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
  'lims:sample-rejected': (message: SampleRejectedMessage) => void;
}

export type ClientToServerEvents = Record<string, never>;
