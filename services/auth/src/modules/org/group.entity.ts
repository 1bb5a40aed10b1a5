import { Entity } from 'typeorm';
import type { Group } from '@rayworks/contracts';
import { OrgUnitRecord } from './org-unit.record.js';

/** auth.groups: a tenant's group of centres. */
@Entity({ name: 'groups' })
export class GroupEntity extends OrgUnitRecord {
  /** The centres of the group the request reaches (set by the repository, not a column). */
  centreCount?: number;

  /** The contract's view of this row. */
  toGroup(): Group {
    return {
      _id: this.id,
      name: this.name,
      code: this.code,
      isFusion: this.isFusion,
      email: this.email,
      phoneNumber: this.phoneNumber,
      city: this.city,
      state: this.state,
      centerCount: this.centreCount ?? 0,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
