import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  LOGGER,
  PeriodicSweeper,
  StorageService,
  SYSTEM_LEVEL,
  UnitOfWork,
  type SweepItemFields,
  type TenantScope,
} from '@rayworks/nest-kit';
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
export class DictationSweeper extends PeriodicSweeper<DictationUploadRow> {
  protected readonly what = 'unattached dictation sweep';

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DictationsRepository) private readonly clips: DictationsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
    @Inject(LOGGER) protected readonly logger: Logger,
  ) {
    super();
  }

  protected intervalSeconds(): number {
    return this.env.DICTATION_SWEEP_SECONDS;
  }

  protected due(): Promise<DictationUploadRow[]> {
    return this.uow.read(SWEEPER_SCOPE, (tx) => this.clips.dueUploads(tx, this.env.DICTATION_UNATTACHED_HOURS, BATCH));
  }

  protected handle(upload: DictationUploadRow): Promise<boolean> {
    return this.deleteUpload(upload, this.env.DICTATION_UNATTACHED_HOURS);
  }

  protected describe(upload: DictationUploadRow): SweepItemFields {
    return { tenantId: upload.tenant_id, key: upload.object_key };
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
