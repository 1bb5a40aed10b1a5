import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericColumn } from '@rayworks/nest-kit';
import type { RateCardPrice } from '@rayworks/contracts';

/**
 * billing.rate_card_prices: one version of one item's prices on a rate card (docs/decisions/0249). Inserted, never
 * updated (a trigger refuses it): an edit inserts the next version, `valid_from` the edit's transaction time.
 */
@Entity({ name: 'rate_card_prices' })
export class RateCardPriceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'rate_card_id', type: 'uuid' })
  rateCardId!: string;

  @Column({ name: 'test_id', type: 'uuid', nullable: true })
  testId!: string | null;

  @Column({ name: 'package_id', type: 'uuid', nullable: true })
  packageId!: string | null;

  @Column({ name: 'normal_minor', type: 'bigint', transformer: numericColumn })
  normalMinor!: number;

  @Column({ name: 'holiday_minor', type: 'bigint', transformer: numericColumn })
  holidayMinor!: number;

  @Column({ name: 'night_minor', type: 'bigint', transformer: numericColumn })
  nightMinor!: number;

  @Column({ name: 'processing_fee_minor', type: 'bigint', transformer: numericColumn })
  processingFeeMinor!: number;

  @Column({ type: 'char', length: 3 })
  currency!: RateCardPrice['currency'];

  @Column({ type: 'boolean' })
  withdrawn!: boolean;

  @Column({ name: 'valid_from', type: 'timestamptz', insert: false })
  validFrom!: Date;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;
}
