import { Inject, Injectable } from '@nestjs/common';
import type { DashboardCounts } from '@rayworks/contracts';
import { UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { DashboardRepository } from './dashboard.repository.js';

/** The admin dashboard's counts, within the caller's reach. */
@Injectable()
export class DashboardService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DashboardRepository) private readonly dashboard: DashboardRepository,
  ) {}

  counts(access: RequestAccess): Promise<DashboardCounts> {
    return this.uow.read(access, (tx) => this.dashboard.counts(tx, access));
  }
}
