import { Inject, Injectable } from '@nestjs/common';
import { nextManifest } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import { ManifestsRepository } from './manifests.repository.js';
import { OUTSOURCING_AUDIT_ACTIONS } from './outsourcing-audit.js';
import { OutsourcedOrdersRepository } from './outsourced-orders.repository.js';

/**
 * Completes manifests from the results' side (docs/decisions/0313): called by the results service inside the unit of
 * work that saves an order's results — typed on the worksheet, or an analyzer's (the outsourcing lab's HL7 link) in the
 * consumer's unit of work with its inbox entry — so the manifest's progress and its COMPLETED move commit with the
 * results or not at all. No event: nothing downstream waits on a manifest; the console reads it.
 */
@Injectable()
export class ManifestCompletion {
  constructor(
    @Inject(OutsourcedOrdersRepository) private readonly orders: OutsourcedOrdersRepository,
    @Inject(ManifestsRepository) private readonly manifests: ManifestsRepository,
  ) {}

  /** The order's results were saved (`complete`: every parameter has a value). */
  async resultsSaved(tx: ChangeTx, orderId: string, complete: boolean): Promise<void> {
    for (const manifestId of await this.orders.markResulted(tx, orderId, complete))
      if (complete) await this.completeIfDone(tx, manifestId, { lastOrderId: orderId });
  }

  /**
   * COMPLETED when the machine allows it (dispatched or received: a draft's results are kept and it completes once
   * dispatched) and no order of it waits for results.
   */
  async completeIfDone(tx: ChangeTx, manifestId: string, details: Record<string, string> = {}): Promise<void> {
    const row = await this.manifests.find(tx, null, manifestId, true);
    if (!row) return;
    const move = nextManifest(row.status, 'manifest.complete');
    if (!move.ok || (await this.orders.waiting(tx, manifestId)) > 0) return;
    await this.manifests.update(tx, row.id, row.version, { status: move.status, completedAt: new Date() });
    await this.manifests.release(tx, row.id);
    await tx.audit({
      action: OUTSOURCING_AUDIT_ACTIONS.manifestMove,
      target: { type: 'manifest', id: row.id },
      details: { number: row.number, event: 'manifest.complete', from: row.status, to: move.status, ...details },
    });
  }
}
