import { Injectable } from '@nestjs/common';
import { UserCreatedV1, UserUpdatedV1 } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import { fullNameOf, type UserView } from './user.view.js';

/** UserCreated / UserUpdated, in the unit of work of the change. */
@Injectable()
export class UsersPublisher {
  async publish(tx: ChangeTx, user: UserView, created: boolean): Promise<void> {
    await tx.publish(created ? UserCreatedV1 : UserUpdatedV1, user.id, {
      userId: user.id,
      loginName: user.loginName,
      fullName: fullNameOf(user),
      email: user.email,
      roleCodes: [user.roleCode],
      groupId: user.groupId,
      centreIds: user.centreIds,
      isActive: user.isActive,
      specializations: user.specialization,
    });
  }
}
