import { Column, Entity, PrimaryColumn } from 'typeorm';

/** billing.package_tests: a test of a package, at its position. */
@Entity({ name: 'package_tests' })
export class PackageTestEntity {
  @PrimaryColumn({ name: 'package_id', type: 'uuid' })
  packageId!: string;

  @PrimaryColumn({ name: 'test_id', type: 'uuid' })
  testId!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'smallint' })
  position!: number;
}
