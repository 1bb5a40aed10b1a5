import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';
import type { TestPackage } from '@rayworks/contracts';
import type { TestEntity } from './test.entity.js';

/** billing.packages: tests bundled at one price (docs/decisions/0248). */
@Entity({ name: 'packages' })
export class PackageEntity extends TenantRecord {
  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'boolean', default: false })
  taxable!: boolean;

  /** The contract's view, with its tests in order (PackagesRepository.testsOf). */
  toPackage(tests: readonly TestEntity[]): TestPackage {
    return {
      _id: this.id,
      code: this.code,
      name: this.name,
      taxable: this.taxable,
      isActive: this.isActive,
      tests: tests.map((t) => t.toRef()),
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
