import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, StorageService, SYSTEM_LEVEL, UnitOfWork, type TenantScope } from '@rayworks/nest-kit';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';
import { REPORT_AUDIT_ACTIONS } from '../reports/report-audit.js';
import { DictationsRepository, type DictationUploadRow } from './dictations.repository.js';

const SWEEPER = { type: 'service', id: 'reporting.dictation-sweeper' } as const;
/** The sweeper's listing context: row-level security shows it the unattached uploads of every company, nothing else. */
const SWEEPER_SCOPE: TenantScope = {
  tenantId: null,
  actor: SWEEPER,
  user: null,
  rls: { userId: '', level: SYSTEM_LEVEL },
};
const BATCH = 100;

/**
 * Deletes dictation uploads nobody attached (docs/decisions/0377-unattached-dictation-sweep.md): a recording PUT to
 * the object store whose attach never came (the page closed, the network dropped) leaves an object and its
 * reporting.dictation_uploads row. Every DICTATION_SWEEP_SECONDS the API process lists the uploads older than
 * DICTATION_UNATTACHED_HOURS (every company, in the 'system' context) and deletes each in its company's unit of
 * work: the row locked (SKIP LOCKED: another sweeper or an attach holding it wins) and re-checked (still old, no clip
 * with its key), the object deleted first, then the row, with an audit entry on the case. A failing object store
 * rolls the unit of work back: the row stays and the next sweep tries again; deleting an object already gone is no
 * error, so a sweep that deleted the object and failed to commit finishes next time. Attached clips
 * (reporting.report_dictations) are never read for deletion: the attach deletes the upload row in its transaction.
 */
@Injectable()
export class DictationSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DictationsRepository) private readonly clips: DictationsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.DICTATION_SWEEP_SECONDS <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.env.DICTATION_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; the number of uploads it deleted. */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let deleted = 0;
    const hours = this.env.DICTATION_UNATTACHED_HOURS;
    try {
      const due = await this.uow.read(SWEEPER_SCOPE, (tx) => this.clips.dueUploads(tx, hours, BATCH));
      for (const upload of due) {
        try {
          if (await this.deleteUpload(upload, hours)) {
            deleted++;
            this.logger.info({ tenantId: upload.tenant_id, key: upload.object_key }, 'unattached dictation deleted');
          }
        } catch (error) {
          this.logger.warn(
            { tenantId: upload.tenant_id, key: upload.object_key, error: (error as Error).message },
            'unattached dictation not deleted: the next sweep tries again',
          );
        }
      }
    } catch (error) {
      this.logger.error({ error: (error as Error).message }, 'dictation sweep failed');
    } finally {
      this.running = false;
    }
    return deleted;
  }

  /** One upload, in its company's unit of work: object first, then the row and the audit entry. */
  private deleteUpload(upload: DictationUploadRow, hours: number): Promise<boolean> {
    return this.uow.change({ tenantId: upload.tenant_id, actor: SWEEPER, user: null }, async (tx) => {
      const locked = await this.clips.lockDueUpload(tx, upload.id, hours);
      if (!locked) return false;
      await this.storage.delete(locked.object_key);
      await this.clips.deleteUpload(tx, locked.id);
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.dictationUploadDelete,
        target: { type: 'case', id: locked.case_id },
        details: { key: locked.object_key, unattachedHours: hours, by: SWEEPER.id },
      });
      return true;
    });
  }
}
