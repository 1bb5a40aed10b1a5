import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import type { Centre } from '@rayworks/contracts';
import { GroupEntity } from './group.entity.js';
import { OrgUnitRecord } from './org-unit.record.js';

/** auth.centres: a diagnostic centre, of a group or individual (no group). */
@Entity({ name: 'centres' })
export class CentreEntity extends OrgUnitRecord {
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @ManyToOne(() => GroupEntity, { nullable: true })
  @JoinColumn({ name: 'group_id' })
  group?: GroupEntity | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ name: 'pin_code', type: 'text', nullable: true })
  pinCode!: string | null;

  /** The contract's view of this row (`group` joined for its name). */
  toCentre(): Centre {
    return {
      _id: this.id,
      name: this.name,
      code: this.code,
      groupID: this.groupId,
      groupName: this.group?.name ?? null,
      isFusion: this.isFusion,
      email: this.email,
      phoneNumber: this.phoneNumber,
      address: this.address,
      city: this.city,
      state: this.state,
      pinCode: this.pinCode,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
