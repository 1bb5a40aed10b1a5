import { REALTIME_PATH, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';
import { io, type Socket } from 'socket.io-client';
import { applyFailurePolicy } from '../api/client';
import { readProfile, subscribeToStorage } from '../api/storage';
import { renewAccessToken } from '../api/session';

/**
 * The real-time connection of an available radiologist or typist (spec §4 "Availability", §7 "Real-time
 * connection"): opened when the user switches online (if none is open), closed when they switch offline or
 * the session ends. It authenticates with the session, not with a bare user id (issue 3); the user id also
 * goes in the query as the specification describes. Incoming messages are JSON and are kept here.
 */
export interface RealtimeMessage {
  event: string;
  payload: unknown;
  receivedAt: string;
}

export interface RealtimeCredentials {
  userId: string;
  token: string;
  sessionToken: string;
}

export type ConnectionState = 'closed' | 'connecting' | 'open';

interface Snapshot {
  state: ConnectionState;
  messages: readonly RealtimeMessage[];
}

const MAX_MESSAGES = 200;
let socket: Socket | null = null;
/** While a connection exists: stops watching the session (the connection closes itself when the session ends). */
let stopWatchingSession: (() => void) | null = null;
let snapshot: Snapshot = { state: 'closed', messages: [] };
const listeners = new Set<() => void>();

function set(next: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function subscribeToRealtime(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const realtimeSnapshot = (): Snapshot => snapshot;

/** How many times a refused connection renews the access token and tries again before giving up. */
const MAX_AUTH_RETRIES = 2;

/**
 * Opens the connection unless one is open already. Credentials are read at every (re)connection, so a renewed
 * access token is used; a refusal with 401 renews the token and tries again, one with 440 ends the session
 * like any call (spec §8 via api/client).
 */
export function openRealtime(credentials: RealtimeCredentials): void {
  if (socket) return;
  set({ state: 'connecting' });
  let authRetries = 0;
  const current = io({
    path: REALTIME_PATH,
    auth: (cb) => {
      const profile = readProfile();
      cb({
        token: profile?.token ?? credentials.token,
        sessionToken: profile?.sessionToken ?? credentials.sessionToken,
      });
    },
    query: { userId: credentials.userId },
    reconnectionDelayMax: 10_000,
  });
  socket = current;
  // When the session ends (logout, 401, 440, another tab), the connection closes.
  stopWatchingSession = subscribeToStorage(() => {
    if (!readProfile()?.token) closeRealtime();
  });
  current.on('connect', () => {
    authRetries = 0;
    set({ state: 'open' });
  });
  current.on('disconnect', (reason) => {
    set({ state: socket ? 'connecting' : 'closed' });
    // The server closed it (the session ended, or the gateway is going down): socket.io does not come back by
    // itself then. Reconnecting lets the handshake say why (401 / 440, handled below) or reaches another gateway.
    if (reason === 'io server disconnect' && socket === current) current.connect();
  });
  current.on('connect_error', (error: Error & { data?: { status?: number } }) => {
    const status = error.data?.status;
    if (status === SESSION_EXPIRED_STATUS) {
      closeRealtime();
      applyFailurePolicy({ kind: 'http', status, message: error.message }, 'session', REALTIME_PATH);
    } else if (status === 401 && authRetries < MAX_AUTH_RETRIES) {
      authRetries += 1;
      void renewAccessToken().then((outcome) => {
        if (outcome === 'renewed' && socket === current) current.connect();
      });
    } else if (status === 401) {
      closeRealtime();
    }
  });
  socket.onAny((event: string, payload: unknown) => {
    const message: RealtimeMessage = { event, payload, receivedAt: new Date().toISOString() };
    set({ messages: [...snapshot.messages, message].slice(-MAX_MESSAGES) });
  });
}

/** Closes the connection and forgets its state and messages. */
export function closeRealtime(): void {
  const current = socket;
  socket = null;
  stopWatchingSession?.();
  stopWatchingSession = null;
  current?.removeAllListeners();
  current?.disconnect();
  set({ state: 'closed', messages: [] });
}

export const isRealtimeOpen = (): boolean => socket !== null;

/** Screens showing live data now (the worklist, the import screen, …): each holds the connection open. */
let screenHolds = 0;

/**
 * A screen's hold on the connection: opens it when none is open; the release closes it when no other screen holds it
 * and the user's availability does not keep it open.
 */
export function holdRealtime(credentials: RealtimeCredentials): () => void {
  screenHolds += 1;
  openRealtime(credentials);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    screenHolds -= 1;
    if (screenHolds === 0 && !readProfile()?.isAvailability) closeRealtime();
  };
}

/** Going offline: the connection closes unless a screen on display still shows live data (it closes on leaving). */
export function closeRealtimeUnlessHeld(): void {
  if (screenHolds === 0) closeRealtime();
}
