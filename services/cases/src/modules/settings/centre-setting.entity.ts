import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { CasePriority, TypistAssignmentMode } from '@rayworks/contracts';

export type TurnaroundMinutes = Partial<Record<CasePriority, number>>;

/**
 * How one centre works its worklist (cases.centre_settings, docs/decisions/0119-centre-settings.md): owned by the
 * cases service; a centre without a row has the defaults (no acceptance, manual typist assignment, no
 * auto-assignment, DEFAULT_TURNAROUND_MINUTES).
 */
@Entity({ name: 'centre_settings' })
export class CentreSettingEntity {
  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'requires_acceptance', type: 'boolean', default: false })
  requiresAcceptance!: boolean;

  @Column({ name: 'typist_assignment', type: 'varchar', length: 16, default: 'MANUAL' })
  typistAssignment!: TypistAssignmentMode;

  @Column({ name: 'auto_assign', type: 'boolean', default: false })
  autoAssign!: boolean;

  @Column({ name: 'turnaround_minutes', type: 'jsonb', default: () => "'{}'" })
  turnaroundMinutes!: TurnaroundMinutes;

  @Column({ name: 'turnaround_by_modality', type: 'jsonb', default: () => "'{}'" })
  turnaroundByModality!: Record<string, TurnaroundMinutes>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
