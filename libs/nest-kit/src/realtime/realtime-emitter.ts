import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { socketRoom, type ServerToClientEvents } from '@rayworks/contracts';

/**
 * Pushes a message to the console from any process (an API or a worker) through the gateway's socket.io Redis
 * adapter: the gateways deliver it to the sockets in the room, whichever gateway they are connected to. Messages
 * and their payloads are typed by `ServerToClientEvents` (libs/contracts/src/sockets); rooms are `socketRoom`.
 * Delivery is best-effort (a console that is not connected misses it and reads the state over HTTP instead), so
 * a failure to publish is never a reason to fail the work that caused it.
 */
export class RealtimeEmitter {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(redis: Redis) {
    this.emitter = new Emitter<ServerToClientEvents>(redis);
  }

  /** To every socket of one user (all their tabs and sessions). */
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.emitter.to(socketRoom.user(userId)).emit(event, ...args);
  }

  /**
   * To every socket of one room (`socketRoom.*`), or of several: a socket in more than one of them gets the message
   * once. No rooms: nobody.
   */
  toRoom<E extends keyof ServerToClientEvents>(
    room: string | readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    const rooms = typeof room === 'string' ? [room] : [...room];
    if (rooms.length === 0) return;
    this.emitter.to(rooms).emit(event, ...args);
  }
}
