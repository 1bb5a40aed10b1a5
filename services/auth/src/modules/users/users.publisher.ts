import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserCreatedV1, UserUpdatedV1, type EventActor, type User } from '@rayworks/contracts';
import { OutboxPublisher } from '@rayworks/nest-kit';

/** UserCreated / UserUpdated through the outbox, in the transaction of the change. */
@Injectable()
export class UsersPublisher {
  constructor(@Inject(OutboxPublisher) private readonly outbox: OutboxPublisher) {}

  async publish(m: EntityManager, tenantId: string, actor: EventActor, user: User, created: boolean): Promise<void> {
    await this.outbox.publish(m, created ? UserCreatedV1 : UserUpdatedV1, {
      key: user._id,
      tenantId,
      actor,
      payload: {
        userId: user._id,
        loginName: user.loginName,
        fullName: user.fullName,
        email: user.email,
        roleCodes: user.roleCodes,
        groupId: user.groupID,
        centreIds: user.centerID,
        isActive: user.isActive,
      },
    });
  }
}
