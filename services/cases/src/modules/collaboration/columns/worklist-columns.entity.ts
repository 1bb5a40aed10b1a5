import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';

/** A user's chosen worklist columns of one screen (cases.worklist_columns). */
@Entity({ name: 'worklist_columns' })
export class WorklistColumnsEntity extends TenantRow {
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 32 })
  screen!: string;

  @Column({ type: 'text', array: true })
  columns!: string[];
}
