import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@rayworks/contracts';

/**
 * socket.io at /realtime on the gateway's HTTP server. The Redis adapter lets several gateways share rooms,
 * so a message emitted by one reaches sockets connected to another.
 */
export function attachRealtime(httpServer: HttpServer, pub: Redis, logger: Logger, gatewayId: string) {
  const sub = pub.duplicate();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    path: REALTIME_PATH,
    adapter: createAdapter(pub, sub),
    serveClient: false,
    cors: { origin: false },
  });
  io.on('connection', (socket) => {
    logger.debug({ socketId: socket.id }, 'realtime connection');
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
