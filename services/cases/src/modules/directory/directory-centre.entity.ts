import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A group or centre of the company as the cases service knows it (cases.centres): a read model of auth's
 * OrgUnitCreated / OrgUnitUpdated (auth.org.v1), for centre names on worklist rows, a group's centres, and fusion
 * centres. docs/decisions/0120-read-models-from-compacted-topics.md.
 */
@Entity({ name: 'centres' })
export class DirectoryCentreEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: 'group' | 'centre';

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  /** The group of a centre (null for a group, or an individual centre). */
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'is_fusion', type: 'boolean', default: false })
  isFusion!: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
