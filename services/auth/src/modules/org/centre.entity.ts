import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Centre } from '@rayworks/contracts';
import { GroupEntity } from './group.entity.js';

/** auth.centres: a diagnostic centre, of a group or individual (no group). */
@Entity({ name: 'centres' })
export class CentreEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @ManyToOne(() => GroupEntity, { nullable: true })
  @JoinColumn({ name: 'group_id' })
  group?: GroupEntity | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ name: 'is_fusion', type: 'boolean', default: false })
  isFusion!: boolean;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ type: 'text', nullable: true })
  state!: string | null;

  @Column({ name: 'pin_code', type: 'text', nullable: true })
  pinCode!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

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
