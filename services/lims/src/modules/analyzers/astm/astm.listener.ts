import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { LOGGER } from '@rayworks/nest-kit';
import { ANALYZERS_ENV, type AnalyzersEnv } from '../../../config/analyzers-env.js';
import { AnalyzerIngestService } from '../analyzer-ingest.service.js';
import { AstmFrameDecoder } from './astm-framing.js';
import { readAstmMessage } from './astm-records.js';
import { AstmSession } from './astm-session.js';

/**
 * ASTM E1394 over TCP with E1381 framing (docs/decisions/0301, 0302, 0304): the framing of astm-framing.ts and the
 * session of astm-session.ts, one per connection; a whole message (header to terminator) is read
 * (astm-records.ts) and stored by AnalyzerIngestService before the frame that ends it is ACKed. A message that cannot
 * be read, from an unknown sender, or not stored is NAKed (nothing written): the analyzer sends that frame again.
 */
@Injectable()
export class AstmListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    @Inject(AnalyzerIngestService) private readonly ingest: AnalyzerIngestService,
    @Inject(ANALYZERS_ENV) private readonly env: AnalyzersEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.env.ASTM_PORT, this.env.ANALYZER_HOST, () => resolve());
    });
    this.server = server;
    this.logger.info({ port: this.env.ASTM_PORT, host: this.env.ANALYZER_HOST }, 'ASTM listener started');
  }

  async onApplicationShutdown(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    const decoder = new AstmFrameDecoder();
    const session = new AstmSession((text) => this.complete(text));
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      const events = decoder.push(chunk);
      queue = queue.then(async () => {
        for (const event of events) {
          const answer = await session.answer(event);
          if (answer !== null && !socket.destroyed) socket.write(Buffer.from([answer]));
        }
      });
    });
    socket.on('error', (error) => this.logger.warn({ err: error }, 'ASTM connection error'));
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (session.unfinished) this.logger.warn('ASTM connection closed in the middle of a message: not stored');
    });
  }

  private async complete(text: string): Promise<boolean> {
    const read = readAstmMessage(text);
    if (!read.ok) {
      this.logger.warn({ refusal: read.refusal }, 'ASTM message refused');
      return false;
    }
    try {
      const outcome = await this.ingest.receive(read.message);
      if (outcome === 'unknown-sender') {
        this.logger.warn({ sender: read.message.sendingApplication }, 'ASTM message from an unknown sender refused');
        return false;
      }
      return true;
    } catch (error) {
      this.logger.error({ err: error, controlId: read.message.controlId }, 'ASTM message not stored');
      return false;
    }
  }
}
