import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user of the company as the cases service knows it (cases.users): a read model of auth's UserCreated /
 * UserUpdated (auth.user.v1) and AvailabilityChanged (auth.availability.v1), for names on worklist rows, who may be
 * assigned, and auto-assignment (online, specialization). docs/decisions/0120-read-models-from-compacted-topics.md.
 */
@Entity({ name: 'users' })
export class DirectoryUserEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Null for a user of the platform (a marketplace radiologist, a platform operator): docs/decisions/0201. */
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId!: string | null;

  @Column({ name: 'login_name', type: 'text' })
  loginName!: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName!: string;

  @Column({ name: 'role_codes', type: 'text', array: true, default: () => "'{}'" })
  roleCodes!: string[];

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'centre_ids', type: 'uuid', array: true, default: () => "'{}'" })
  centreIds!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  specializations!: string[];

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'is_available', type: 'boolean', default: false })
  isAvailable!: boolean;

  @Column({ name: 'availability_changed_at', type: 'timestamptz', nullable: true })
  availabilityChangedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
