import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user of the company as reporting knows it (reporting.directory_users): a read model of auth's UserCreated /
 * UserUpdated (auth.user.v1), for whom a critical result reaches (centre, role, e-mail).
 * docs/decisions/0120-read-models-from-compacted-topics.md, 0187-critical-results.md.
 */
@Entity({ name: 'directory_users' })
export class DirectoryUserEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'login_name', type: 'text' })
  loginName!: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName!: string;

  @Column({ type: 'text', default: '' })
  email!: string;

  @Column({ name: 'role_codes', type: 'text', array: true, default: () => "'{}'" })
  roleCodes!: string[];

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'centre_ids', type: 'uuid', array: true, default: () => "'{}'" })
  centreIds!: string[];

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
