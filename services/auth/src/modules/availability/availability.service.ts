import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AvailabilityChangedV1, AVAILABILITY_ROLES } from '@rayworks/contracts';
import { forbidden, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * The online/offline switch (spec §2, §4): only for oneself, only for the availability roles (centre radiologist,
 * typist). The change and its AvailabilityChanged event commit together (outbox); the worklist assigns by it.
 */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(UsersRepository) private readonly users: UsersRepository,
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
    return this.uow.change(access, async (tx) => {
      const user = await this.users.view(tx, principal.userId);
      if (!user) throw new NotFoundException();
      await this.users.setAvailability(tx, principal.userId, isAvailability);
      await tx.publish(AvailabilityChangedV1, principal.userId, {
        userId: principal.userId,
        isAvailability,
        roleCodes: [user.roleCode],
        centreIds: user.centreIds,
        groupId: user.groupId,
      });
      await tx.audit({
        action: AUDIT_ACTIONS.availability,
        target: { type: 'user', id: principal.userId },
        client,
        details: { isAvailability },
      });
      return { isAvailability };
    });
  }
}
