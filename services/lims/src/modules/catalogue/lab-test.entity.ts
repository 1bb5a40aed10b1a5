import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';
import type { ContainerCode, LabTest, LabTestSummary, SampleTypeCode } from '@rayworks/contracts';
import type { LabTestVersionEntity } from './lab-test-version.entity.js';

/** lims.lab_tests: a lab test's definition, keyed by the company and billing's code (docs/decisions/0293). */
@Entity({ name: 'lab_tests' })
export class LabTestEntity extends TenantRecord {
  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  department!: string;

  @Column({ name: 'sub_department_code', type: 'text' })
  subDepartmentCode!: string;

  @Column({ name: 'sub_department_name', type: 'text' })
  subDepartmentName!: string;

  @Column({ name: 'sample_type', type: 'text' })
  sampleType!: SampleTypeCode;

  @Column({ type: 'text' })
  container!: ContainerCode;

  @Column({ name: 'turnaround_hours', type: 'integer' })
  turnaroundHours!: number;

  @Column({ type: 'text', nullable: true })
  method!: string | null;

  @Column({ name: 'loinc_code', type: 'text', nullable: true })
  loincCode!: string | null;

  /** Validated without a person when nothing holds the results (docs/decisions/0306). */
  @Column({ name: 'auto_validate', type: 'boolean', default: false })
  autoValidate!: boolean;

  @Column({ name: 'current_version_id', type: 'uuid', nullable: true })
  currentVersionId!: string | null;

  /** The current version, when the query joined it. */
  current?: LabTestVersionEntity | null;

  toSummary(): LabTestSummary {
    return {
      _id: this.id,
      code: this.code,
      name: this.name,
      department: this.department,
      subDepartmentCode: this.subDepartmentCode,
      subDepartmentName: this.subDepartmentName,
      sampleType: this.sampleType,
      container: this.container,
      turnaroundHours: this.turnaroundHours,
      method: this.method,
      loincCode: this.loincCode,
      autoValidate: this.autoValidate,
      version: this.current ? this.current.toRef() : null,
      parameterCount: this.current?.parameters.length ?? 0,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }

  toLabTest(): LabTest {
    const { parameterCount: _count, ...summary } = this.toSummary();
    return { ...summary, parameters: this.current?.parameters ?? [] };
  }
}
