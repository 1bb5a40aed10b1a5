import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import {
  caseReachRooms,
  REALTIME_PATH,
  socketRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rayworks/contracts';
import {
  AuthFailure,
  SESSION_ENDED_CHANNEL,
  type Principal,
  type RequestAuthenticator,
  type SessionEndedMessage,
} from '@rayworks/nest-kit';

/** What a connecting client sends in socket.io's `auth` payload: the same two credentials as an HTTP call. */
export interface RealtimeCredentials {
  token?: unknown;
  sessionToken?: unknown;
}

interface SocketData {
  principal: Principal;
}

/** The error a refused connection gets (`connect_error`): the message, and `data.status` 401 or 440 as HTTP would. */
export function refusal(error: unknown): Error & { data: { status: number } } {
  const http = (
    error instanceof AuthFailure ? error : new AuthFailure('unauthorized', String(error))
  ).toHttpException();
  return Object.assign(new Error(http.message), { data: { status: http.getStatus() } });
}

/**
 * socket.io at /realtime on the gateway's HTTP server. A connection is accepted only with a valid access token and a
 * live session (nest-kit's RequestAuthenticator, as every service checks HTTP calls): never on a bare user id.
 * An accepted socket joins `user:<id>`, `session:<id>` and the rooms of the cases its user reaches (`caseReachRooms`). The Redis adapter lets several gateways
 * share rooms, so a message emitted by one reaches sockets connected to another.
 *
 * A socket lives no longer than its session: a revocation (logout, password change, inactivation) announced on
 * SESSION_ENDED_CHANNEL closes the session's sockets at once, and a sweep every `sweepSeconds` closes those whose
 * session has ended by idleness (without sliding it: an open socket is not activity). The console then reconnects,
 * and the handshake answers 401 or 440 as an HTTP call would.
 */
export function attachRealtime(
  httpServer: HttpServer,
  pub: Redis,
  logger: Logger,
  gatewayId: string,
  authenticator: RequestAuthenticator,
  sweepSeconds: number,
) {
  const sub = pub.duplicate();
  const sessionEvents = pub.duplicate();
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: REALTIME_PATH,
    adapter: createAdapter(pub, sub),
    serveClient: false,
    cors: { origin: false },
  });
  io.use((socket, next) => {
    const { token, sessionToken } = (socket.handshake.auth ?? {}) as RealtimeCredentials;
    authenticator
      .authenticate(typeof token === 'string' ? token : null, typeof sessionToken === 'string' ? sessionToken : null)
      .then((principal) => {
        socket.data.principal = principal;
        next();
      })
      .catch((error: unknown) => {
        logger.debug(
          { socketId: socket.id, reason: error instanceof AuthFailure ? error.reason : String(error) },
          'realtime connection refused',
        );
        next(refusal(error));
      });
  });
  io.on('connection', (socket) => {
    const { userId } = socket.data.principal;
    void socket.join([
      socketRoom.user(userId),
      // the cases of the user's reach, and nothing else of its company (docs/decisions/0219): a company-level user
      // hears the company's cases, a centre user its centres', a radiologist its own (user room) and its review queue,
      // a marketplace radiologist the open offers (docs/decisions/0147)
      ...caseReachRooms(socket.data.principal),
      socketRoom.session(socket.data.principal.sessionId),
    ]);
    logger.debug({ socketId: socket.id, userId }, 'realtime connection');
    socket.emit('system:hello', { gateway: gatewayId, connectedAt: new Date().toISOString() });
  });

  // Every gateway hears every revocation and closes its own sockets of those sessions.
  void sessionEvents.subscribe(SESSION_ENDED_CHANNEL);
  sessionEvents.on('message', (channel: string, raw: string) => {
    if (channel !== SESSION_ENDED_CHANNEL) return;
    const sessionIds = parseSessionEnded(raw);
    if (sessionIds.length === 0) return;
    io.local.in(sessionIds.map(socketRoom.session)).disconnectSockets(true);
    logger.debug({ sessionIds }, 'realtime sockets of ended sessions closed');
  });

  const sweep = setInterval(() => {
    const sockets = [...io.of('/').sockets.values()];
    authenticator.sessions
      .isAlive(sockets.map((socket) => socket.data.principal.sessionId))
      .then((alive) => {
        sockets.forEach((socket, i) => {
          if (!alive[i]) socket.disconnect(true);
        });
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'realtime session sweep failed'));
  }, sweepSeconds * 1000);
  sweep.unref();

  return {
    io,
    close: async () => {
      clearInterval(sweep);
      await io.close();
      sub.disconnect();
      sessionEvents.disconnect();
    },
  };
}

/** The session ids of a SESSION_ENDED_CHANNEL message; none when it is not one. */
export function parseSessionEnded(raw: string): string[] {
  try {
    const { sessionIds } = JSON.parse(raw) as SessionEndedMessage;
    return Array.isArray(sessionIds) ? sessionIds.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
