import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrgUnitCreatedV1, OrgUnitUpdatedV1, type Centre, type EventActor, type Group } from '@rayworks/contracts';
import { OutboxPublisher } from '@rayworks/nest-kit';

/** OrgUnitCreated / OrgUnitUpdated through the outbox, in the transaction of the change. */
@Injectable()
export class OrgPublisher {
  constructor(@Inject(OutboxPublisher) private readonly outbox: OutboxPublisher) {}

  async group(m: EntityManager, tenantId: string, actor: EventActor, group: Group, created: boolean): Promise<void> {
    await this.outbox.publish(m, created ? OrgUnitCreatedV1 : OrgUnitUpdatedV1, {
      key: group._id,
      tenantId,
      actor,
      payload: {
        id: group._id,
        kind: 'group',
        name: group.name,
        code: group.code,
        groupId: null,
        isFusion: group.isFusion,
        isActive: group.isActive,
      },
    });
  }

  async centre(m: EntityManager, tenantId: string, actor: EventActor, centre: Centre, created: boolean): Promise<void> {
    await this.outbox.publish(m, created ? OrgUnitCreatedV1 : OrgUnitUpdatedV1, {
      key: centre._id,
      tenantId,
      actor,
      payload: {
        id: centre._id,
        kind: 'centre',
        name: centre.name,
        code: centre.code,
        groupId: centre.groupID,
        isFusion: centre.isFusion,
        isActive: centre.isActive,
      },
    });
  }
}
