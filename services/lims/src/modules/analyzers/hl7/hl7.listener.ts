import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Hl7Message, Hl7Segment } from '@medplum/core';
import { createServer, type Server } from 'node:net';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { Logger } from 'pino';
import { ANALYZER_MESSAGES } from '@rayworks/contracts';
import { LOGGER } from '@rayworks/nest-kit';
import { ANALYZERS_ENV, type AnalyzersEnv } from '../../../config/analyzers-env.js';
import { AnalyzerIngestService } from '../analyzer-ingest.service.js';
import type { Refusal } from '../inbound-message.js';
import { readHl7Message } from './hl7-reader.js';

type AckCode = 'AA' | 'AE' | 'AR';

/** ERR (v2.5.1): ERR-3 the error code of table 0357, ERR-4 severity E, ERR-8 the text a person reads. */
const errSegment = (refusal: Refusal): Hl7Segment =>
  new Hl7Segment([
    'ERR',
    '',
    '',
    `${refusal.errorCode}^^HL70357`,
    'E',
    '',
    '',
    '',
    refusal.text.replace(/[|^~\\&]/g, ' '),
  ]);

/**
 * HL7 v2 over MLLP (docs/decisions/0301, 0302) with @medplum/hl7's connections and @medplum/core's parser: each ORU^R01
 * is read (hl7-reader.ts), stored by AnalyzerIngestService in a committed transaction, and only then answered AA —
 * a duplicate control id AA again, nothing written. Original acknowledgement mode: AR when the envelope cannot be
 * taken (not parseable, not ORU^R01, no MSH-10, an unknown sender, or the message could not be stored: the sender may
 * send it again), AE when its content cannot be read (do not send it again unchanged). One connection's messages are
 * handled in the order they came.
 */
@Injectable()
export class Hl7Listener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;
  private readonly connections = new Set<Hl7Connection>();

  constructor(
    @Inject(AnalyzerIngestService) private readonly ingest: AnalyzerIngestService,
    @Inject(ANALYZERS_ENV) private readonly env: AnalyzersEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * @medplum/hl7's Hl7Server listens on every interface (its start takes a port, no host): the socket server here is
   * node's, bound to ANALYZER_HOST like the ASTM listener's, and each connection is the library's Hl7Connection
   * (MLLP framing, parsing, answers), as Hl7Server makes it.
   */
  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((socket) => {
      const connection = new Hl7Connection(socket, 'utf-8');
      this.connections.add(connection);
      connection.addEventListener('close', () => this.connections.delete(connection));
      this.serve(connection);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.env.HL7_MLLP_PORT, this.env.ANALYZER_HOST, () => resolve());
    });
    this.server = server;
    this.logger.info({ port: this.env.HL7_MLLP_PORT, host: this.env.ANALYZER_HOST }, 'HL7 MLLP listener started');
  }

  /** Stops taking connections; those still open get 2 s to finish before they are closed (as Hl7Server's stop). */
  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const drain = setTimeout(() => {
      for (const connection of this.connections) connection.close().catch(() => undefined);
    }, 2_000);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(drain);
    this.connections.clear();
  }

  private serve(connection: Hl7Connection): void {
    let queue: Promise<void> = Promise.resolve();
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      // read with the repository's @medplum/core (the server's own copy types its messages apart; same text)
      const text = event.message.toString();
      queue = queue.then(() => this.handle(event.connection, Hl7Message.parse(text)));
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => {
      // bytes between VT and FS CR that are no HL7 message at all: refused, nothing to echo
      if (/Invalid HL7 message/i.test(event.error.message)) {
        queue = queue.then(() => send(connection, unparseableAck()));
        return;
      }
      this.logger.warn({ err: event.error }, 'HL7 connection error');
    });
  }

  private async handle(connection: Hl7Connection, message: Hl7Message): Promise<void> {
    const raw = message.toString();
    const read = readHl7Message(message, raw);
    if (!read.ok) return this.answer(connection, message, read.refusal.code, read.refusal);
    let outcome;
    try {
      outcome = await this.ingest.receive(read.message);
    } catch (error) {
      this.logger.error({ err: error, controlId: read.message.controlId }, 'HL7 message not stored');
      return this.answer(connection, message, 'AR', {
        code: 'AR',
        text: ANALYZER_MESSAGES.ack.storeFailed,
        errorCode: 207,
      });
    }
    if (outcome === 'unknown-sender') {
      const text = ANALYZER_MESSAGES.ack.unknownSender(read.message.sendingApplication, read.message.sendingFacility);
      return this.answer(connection, message, 'AR', { code: 'AR', text, errorCode: 204 });
    }
    this.logger.debug({ controlId: read.message.controlId, outcome }, 'HL7 message acknowledged');
    return this.answer(connection, message, 'AA');
  }

  private answer(connection: Hl7Connection, message: Hl7Message, ackCode: AckCode, refusal?: Refusal): void {
    if (connection.isClosed()) return;
    send(connection, message.buildAck({ ackCode, ...(refusal ? { errSegment: errSegment(refusal) } : {}) }));
  }
}

/** The connection writes the message's text (toString()) framed: any Hl7Message of @medplum/core does. */
const send = (connection: Hl7Connection, message: Hl7Message): void =>
  connection.send(message as unknown as Parameters<Hl7Connection['send']>[0]);

/** The AR of bytes that hold no message (no MSH to echo: MSA-2 empty). */
function unparseableAck(): Hl7Message {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const ack = Hl7Message.parse(
    `MSH|^~\\&|RAYWORKS|LIMS|||${now}||ACK|${now}${Math.floor(Math.random() * 1e6)}|P|2.5.1\rMSA|AR|`,
  );
  ack.segments.push(errSegment({ code: 'AR', text: ANALYZER_MESSAGES.ack.unparseable, errorCode: 100 }));
  return ack;
}
