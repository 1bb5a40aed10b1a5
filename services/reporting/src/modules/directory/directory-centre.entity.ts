import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A group or centre of the company as reporting knows it (reporting.directory_centres): a read model of auth's
 * OrgUnitCreated / OrgUnitUpdated (auth.org.v1), so that a centre id a caller names is checked to be one of the
 * caller's company. docs/decisions/0120-read-models-from-compacted-topics.md, 0214-reporting-centres-of-the-company.md.
 */
@Entity({ name: 'directory_centres' })
export class DirectoryCentreEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: 'group' | 'centre';

  @Column({ type: 'text' })
  name!: string;

  /** The group of a centre (null for a group, or an individual centre). */
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
