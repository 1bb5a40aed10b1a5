import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Group } from '@rayworks/contracts';

/** auth.groups: a tenant's group of centres. */
@Entity({ name: 'groups' })
export class GroupEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

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
  city!: string | null;

  @Column({ type: 'text', nullable: true })
  state!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

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
