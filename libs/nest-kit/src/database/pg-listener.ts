import pg from 'pg';
import type { Logger } from 'pino';

type Listener = () => void;

/**
 * One dedicated PostgreSQL connection that LISTENs on channels and calls back on each NOTIFY. A NOTIFY sent
 * inside a transaction is delivered when it commits, so a callback means "committed rows are waiting".
 * The connection is outside the pool (LISTEN holds it for ever). When it drops, it reconnects with back-off
 * and calls every listener once, since notifications sent while it was away are lost.
 */
export class PgListener {
  private client?: pg.Client;
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;
  private connecting?: Promise<void>;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
    private readonly applicationName = 'listener',
  ) {}

  /** Starts calling `listener` on every NOTIFY of `channel` (a table name such as `auth.outbox`). */
  async listen(channel: string, listener: Listener): Promise<void> {
    const set = this.listeners.get(channel) ?? new Set();
    const isNew = set.size === 0;
    set.add(listener);
    this.listeners.set(channel, set);
    await this.connect();
    if (isNew && this.client) await this.client.query(`LISTEN ${quoteChannel(channel)}`);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: this.applicationName });
    client.on('notification', ({ channel }) => this.fire(channel));
    client.on('error', (err) => {
      this.logger.warn({ err }, 'LISTEN connection failed; reconnecting');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.listeners.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, attempt = 1): void {
    if (this.client !== client && attempt === 1) return;
    this.client = undefined;
    if (this.stopped) return;
    const delay = Math.min(5000, 100 * 2 ** attempt);
    this.reconnectTimer = setTimeout(() => {
      this.connect()
        .then(() => {
          // Notifications sent while the connection was down are gone: let every listener look once.
          for (const channel of this.listeners.keys()) this.fire(channel);
        })
        .catch((err) => {
          this.logger.warn({ err, attempt }, 'LISTEN reconnect failed');
          this.lost(client, attempt + 1);
        });
    }, delay);
  }

  private fire(channel: string): void {
    for (const listener of this.listeners.get(channel) ?? []) {
      try {
        listener();
      } catch (err) {
        this.logger.error({ err, channel }, 'NOTIFY listener threw');
      }
    }
  }
}

/** A channel name as an SQL identifier: it contains a dot, so it is always quoted. */
export function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_.]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  return `"${channel}"`;
}
