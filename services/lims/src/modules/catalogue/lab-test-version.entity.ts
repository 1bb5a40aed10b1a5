import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LabTestVersion, LabTestVersionRef, Parameter } from '@rayworks/contracts';

/** lims.lab_test_versions: one saved set of a test's parameters, never changed (a trigger refuses it). */
@Entity({ name: 'lab_test_versions' })
export class LabTestVersionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'lab_test_id', type: 'uuid' })
  labTestId!: string;

  @Column({ type: 'integer' })
  version!: number;

  /** testParametersSchema's output, in report order. */
  @Column({ type: 'jsonb' })
  parameters!: Parameter[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ name: 'created_by_name', type: 'text' })
  createdByName!: string;

  toRef(): LabTestVersionRef {
    return {
      _id: this.id,
      version: this.version,
      createdAt: this.createdAt.toISOString(),
      createdBy: this.createdByName,
    };
  }

  toVersion(code: string): LabTestVersion {
    return { ...this.toRef(), labTestId: this.labTestId, code, parameters: this.parameters };
  }
}
