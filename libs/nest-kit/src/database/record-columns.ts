import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** When a record was created and last changed. */
export abstract class TimestampedRecord {
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Whether a record is active, and when it was created and last changed: every record an administrator manages. */
export abstract class ActivatableRecord extends TimestampedRecord {
  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;
}

/**
 * A tenant-owned record that is never inactivated, only changed (a study, an import, a download): its uuid, its
 * tenant (the column row-level security checks), and when it was created and last changed.
 */
export abstract class TenantRow extends TimestampedRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;
}

/**
 * The columns every tenant-owned record of a service has, declared once: its uuid, its tenant (the column
 * row-level security checks), whether it is active, and when it was created and last changed. An entity extends
 * this class and declares only its own columns (TypeORM takes the columns of an abstract base class).
 */
export abstract class TenantRecord extends ActivatableRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;
}

/**
 * A tenant record that belongs to the whole tenant, one group, or one centre (reference data an administrator of
 * that level manages): both owner columns null for the tenant, or one of them set.
 */
export abstract class OwnerScopedRecord extends TenantRecord {
  @Column({ name: 'owner_group_id', type: 'uuid', nullable: true })
  ownerGroupId!: string | null;

  @Column({ name: 'owner_centre_id', type: 'uuid', nullable: true })
  ownerCentreId!: string | null;
}
