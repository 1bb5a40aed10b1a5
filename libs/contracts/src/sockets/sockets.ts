/** socket.io: the path the gateway serves it on, room names `<domain>:<id>`, events `<domain>:<event>`. */
export const REALTIME_PATH = '/realtime';

export const socketRoom = {
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  user: (userId: string) => `user:${userId}`,
  /** Every socket of one login session: closed together when the session ends. */
  session: (sessionId: string) => `session:${sessionId}`,
  job: (jobId: string) => `job:${jobId}`,
} as const;

export interface JobProgressMessage {
  queue: string;
  jobId: string;
  progress: number;
  state: 'active' | 'completed' | 'failed';
}

/** Messages the server pushes to the console. */
export interface ServerToClientEvents {
  'system:hello': (message: { gateway: string; connectedAt: string }) => void;
  'job:progress': (message: JobProgressMessage) => void;
}

export type ClientToServerEvents = Record<string, never>;
