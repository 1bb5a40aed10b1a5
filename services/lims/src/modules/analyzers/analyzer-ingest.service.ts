import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork, type TenantScope } from '@rayworks/nest-kit';
import { ANALYZER_LISTENER_ACTOR } from './analyzer-audit.js';
import { listenerScope } from './analyzer-matching.service.js';
import { AnalyzerResultsRepository } from './analyzer-results.repository.js';
import { AnalyzerSenders } from './analyzer-senders.js';
import { AnalyzersRepository } from './analyzers.repository.js';
import type { InboundMessage } from './inbound-message.js';

/** The listener's lookup context: row-level security shows it every company's analyzers, nothing else. */
const SENDER_LOOKUP_SCOPE: TenantScope = {
  tenantId: null,
  actor: ANALYZER_LISTENER_ACTOR,
  user: null,
  rls: { userId: '', level: 'system' },
};

export type IngestOutcome = 'stored' | 'duplicate' | 'unknown-sender';

/**
 * What the listeners do with a message they could read (docs/decisions/0302, 0303): find the analyzer that sends
 * with its identity (unknown → refused, nothing stored; remembered between messages: AnalyzerSenders, 0353), then, in that analyzer's company, store the message once
 * per (analyzer, control id) with its readings and record its matching job — committed before the caller
 * acknowledges. A control id stored before is a duplicate: acknowledged again, nothing written.
 */
@Injectable()
export class AnalyzerIngestService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AnalyzersRepository) private readonly analyzers: AnalyzersRepository,
    @Inject(AnalyzerResultsRepository) private readonly results: AnalyzerResultsRepository,
    @Inject(AnalyzerSenders) private readonly senders: AnalyzerSenders,
  ) {}

  async receive(message: InboundMessage): Promise<IngestOutcome> {
    const { protocol, sendingApplication, sendingFacility } = message;
    const analyzer = await this.senders.of(protocol, sendingApplication, sendingFacility, () =>
      this.uow.read(SENDER_LOOKUP_SCOPE, (tx) =>
        this.analyzers.bySender(tx, protocol, sendingApplication, sendingFacility),
      ),
    );
    if (!analyzer) return 'unknown-sender';
    return this.uow.change(listenerScope(analyzer.tenantId), async (tx) => {
      const id = await this.results.insertMessage(tx, {
        tenantId: analyzer.tenantId,
        analyzerId: analyzer.id,
        protocol: message.protocol,
        controlId: message.controlId,
        raw: message.raw,
        readings: message.readings,
      });
      if (!id) return 'duplicate';
      await tx.enqueue('limsAnalyzerMatch', { messageId: id });
      return 'stored';
    });
  }
}
