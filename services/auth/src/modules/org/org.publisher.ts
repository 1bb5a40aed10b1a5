import { Injectable } from '@nestjs/common';
import { OrgUnitCreatedV1, OrgUnitUpdatedV1 } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { CentreEntity } from './centre.entity.js';
import type { GroupEntity } from './group.entity.js';

/** OrgUnitCreated / OrgUnitUpdated, in the unit of work of the change. */
@Injectable()
export class OrgPublisher {
  async group(tx: ChangeTx, group: GroupEntity, created: boolean): Promise<void> {
    await tx.publish(created ? OrgUnitCreatedV1 : OrgUnitUpdatedV1, group.id, {
      id: group.id,
      kind: 'group',
      name: group.name,
      code: group.code,
      groupId: null,
      isFusion: group.isFusion,
      isActive: group.isActive,
    });
  }

  async centre(tx: ChangeTx, centre: CentreEntity, created: boolean): Promise<void> {
    await tx.publish(created ? OrgUnitCreatedV1 : OrgUnitUpdatedV1, centre.id, {
      id: centre.id,
      kind: 'centre',
      name: centre.name,
      code: centre.code,
      groupId: centre.groupId,
      isFusion: centre.isFusion,
      isActive: centre.isActive,
    });
  }
}
