import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import {
  AUTH_MESSAGES,
  REALTIME_PATH,
  SESSION_EXPIRED_STATUS,
  socketRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rayworks/contracts';
import { AuthFailure, type Principal, type RequestAuthenticator } from '@rayworks/nest-kit';

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
  const expired = error instanceof AuthFailure && error.kind === 'session-expired';
  return Object.assign(new Error(expired ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.unauthorized), {
    data: { status: expired ? SESSION_EXPIRED_STATUS : 401 },
  });
}

/**
 * socket.io at /realtime on the gateway's HTTP server. A connection is accepted only with a valid access token and a
 * live session (nest-kit's RequestAuthenticator, as every service checks HTTP calls): never on a bare user id.
 * An accepted socket joins `user:<id>` and `tenant:<id>`. The Redis adapter lets several gateways share rooms,
 * so a message emitted by one reaches sockets connected to another.
 */
export function attachRealtime(
  httpServer: HttpServer,
  pub: Redis,
  logger: Logger,
  gatewayId: string,
  authenticator: RequestAuthenticator,
) {
  const sub = pub.duplicate();
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
    const { userId, tenantId } = socket.data.principal;
    void socket.join([socketRoom.user(userId), socketRoom.tenant(tenantId)]);
    logger.debug({ socketId: socket.id, userId }, 'realtime connection');
    socket.emit('system:hello', { gateway: gatewayId, connectedAt: new Date().toISOString() });
  });
  return {
    io,
    close: async () => {
      await io.close();
      sub.disconnect();
    },
  };
}
