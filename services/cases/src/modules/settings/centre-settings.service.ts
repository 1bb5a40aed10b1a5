import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { CASES_API, CentreSettings, BodyOf } from '@rayworks/contracts';
import { centreInReach, companyOf, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CASE_AUDIT_ACTIONS } from '../cases/case-audit.js';
import type { CentreSettingEntity } from './centre-setting.entity.js';
import { CentreSettingsRepository } from './centre-settings.repository.js';

type UpdateBody = BodyOf<typeof CASES_API.updateCentreSettings>;

export const CENTRE_NOT_FOUND = 'Centre not found';

/** The defaults of a centre without settings (docs/decisions/0119-centre-settings.md). */
export const DEFAULT_CENTRE_SETTINGS = {
  requiresAcceptance: false,
  typistAssignment: 'MANUAL',
  autoAssign: false,
  turnaroundMinutes: {},
  turnaroundByModality: {},
} as const satisfies Omit<CentreSettings, 'centreId' | 'updatedAt'>;

export const toCentreSettings = (centreId: string, row: CentreSettingEntity | null): CentreSettings =>
  row
    ? {
        centreId,
        requiresAcceptance: row.requiresAcceptance,
        typistAssignment: row.typistAssignment,
        autoAssign: row.autoAssign,
        turnaroundMinutes: row.turnaroundMinutes,
        turnaroundByModality: row.turnaroundByModality,
        updatedAt: row.updatedAt.toISOString(),
      }
    : { centreId, ...DEFAULT_CENTRE_SETTINGS, updatedAt: null };

/**
 * A centre's worklist settings (owned by the cases service): read and changed by the company's, the centre's
 * group's and the centre's admins (the contract asks CENTERS VIEW / EDIT; the reach asks whose centre it is).
 * `of` is what the intake and the transitions read (the defaults when the centre has none).
 */
@Injectable()
export class CentreSettingsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentreSettingsRepository) private readonly settings: CentreSettingsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  /** The settings of a centre (defaults when it has none), inside another unit of work. */
  async of(tx: ReadTx, centreId: string | null): Promise<CentreSettings | null> {
    if (!centreId) return null;
    return toCentreSettings(centreId, await this.settings.find(tx, centreId));
  }

  /** The settings of these centres (defaults for those without), in one read, by centre id. */
  async ofMany(tx: ReadTx, centreIds: readonly string[]): Promise<Map<string, CentreSettings>> {
    const ids = [...new Set(centreIds)];
    const rows = new Map((await this.settings.findMany(tx, ids)).map((r) => [r.centreId, r]));
    return new Map(ids.map((id) => [id, toCentreSettings(id, rows.get(id) ?? null)]));
  }

  get(access: RequestAccess, centreId: string): Promise<CentreSettings> {
    return this.uow.read(access, async (tx) => {
      await this.centreInReach(tx, access, centreId);
      return toCentreSettings(centreId, await this.settings.find(tx, centreId));
    });
  }

  update(access: RequestAccess, body: UpdateBody): Promise<CentreSettings> {
    const { centreId, ...fields } = body;
    return this.uow.change(access, async (tx) => {
      await this.centreInReach(tx, access, centreId);
      const row = await this.settings.save(tx, companyOf(access.principal), centreId, fields);
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.centreSettingsUpdate,
        target: { type: 'centre', id: centreId },
        details: { changed: Object.keys(fields) },
      });
      return toCentreSettings(centreId, row);
    });
  }

  /** 404 'Centre not found' unless the centre is the caller's to see. */
  async centreInReach(tx: ReadTx, access: RequestAccess, centreId: string): Promise<void> {
    const centre = await this.directory.centre(tx, centreId);
    if (!centre || !centreInReach(access, centre)) throw new NotFoundException(CENTRE_NOT_FOUND);
  }
}
