import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AvailabilityChangedV1, AVAILABILITY_ROLES } from '@rayworks/contracts';
import { forbidden, OutboxPublisher, runInTenant, type RequestAccess } from '@rayworks/nest-kit';
import { actorOf } from '../access/actor.js';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { idList } from '../users/users.mappers.js';
import { textOrNull } from '../../database/sql.js';

/**
 * The online/offline switch (spec §2, §4): only for oneself, only for the availability roles (centre radiologist,
 * typist). The change and its AvailabilityChanged event commit together (outbox); the worklist assigns by it.
 */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(OutboxPublisher) private readonly outbox: OutboxPublisher,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
  ) {}

  async set(
    access: RequestAccess,
    userId: string,
    isAvailability: boolean,
    client: ClientInfo,
  ): Promise<{ isAvailability: boolean }> {
    const { principal } = access;
    if (userId.toLowerCase() !== principal.userId) throw forbidden();
    if (!principal.roleCodes.some((code) => (AVAILABILITY_ROLES as readonly string[]).includes(code)))
      throw forbidden();
    return runInTenant(this.dataSource, principal.tenantId, async (m) => {
      const user = await this.users.findById(m, principal.userId);
      if (!user) throw new NotFoundException();
      await this.users.setAvailability(m, principal.userId, isAvailability);
      await this.outbox.publish(m, AvailabilityChangedV1, {
        key: principal.userId,
        tenantId: principal.tenantId,
        actor: actorOf(principal),
        payload: {
          userId: principal.userId,
          isAvailability,
          roleCodes: [String(user.role_code)],
          centreIds: idList(user.centre_ids),
          groupId: textOrNull(user.effective_group_id),
        },
      });
      await this.audit.append(m, {
        tenantId: principal.tenantId,
        actor: principal,
        action: AUDIT_ACTIONS.availability,
        target: { type: 'user', id: principal.userId },
        client,
        details: { isAvailability },
      });
      return { isAvailability };
    });
  }
}
