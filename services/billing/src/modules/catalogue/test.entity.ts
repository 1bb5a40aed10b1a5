import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';
import type { BillableTest, TestKind, TestRef } from '@rayworks/contracts';

/** billing.tests: a billable test of the company's catalogue (docs/decisions/0248). */
@Entity({ name: 'tests' })
export class TestEntity extends TenantRecord {
  /** Names the test for good (unique in the company, upper case): rate cards, packages and the LIMS key by it. */
  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'varchar', length: 9 })
  kind!: TestKind;

  @Column({ type: 'text', nullable: true })
  modality!: string | null;

  @Column({ name: 'body_part', type: 'text', nullable: true })
  bodyPart!: string | null;

  @Column({ name: 'sample_type', type: 'text', nullable: true })
  sampleType!: string | null;

  /** Exempt (false) unless marked: the centre's settings give the rate of a taxable test. */
  @Column({ type: 'boolean', default: false })
  taxable!: boolean;

  toTest(): BillableTest {
    return {
      ...this.toRef(),
      taxable: this.taxable,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }

  toRef(): TestRef {
    return {
      _id: this.id,
      code: this.code,
      name: this.name,
      kind: this.kind,
      modality: this.modality,
      bodyPart: this.bodyPart,
      sampleType: this.sampleType,
    };
  }
}
