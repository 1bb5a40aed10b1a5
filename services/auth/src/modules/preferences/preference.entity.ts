import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Preferences } from '@rayworks/contracts';

/** auth.preferences: a user's own settings (theme, viewer, layout), merged field by field. */
@Entity({ name: 'preferences' })
export class PreferenceEntity {
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'jsonb', default: {} })
  settings!: Preferences;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** auth.preferred_columns: the columns a user chose for one list screen. */
@Entity({ name: 'preferred_columns' })
export class PreferredColumnsEntity {
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'text' })
  screen!: string;

  @Column({ type: 'text', array: true })
  columns!: string[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
