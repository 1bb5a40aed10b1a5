import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';
import type { RateCard, RateCardPrice } from '@rayworks/contracts';

/** billing.rate_cards: a rate card of the company (docs/decisions/0249). */
@Entity({ name: 'rate_cards' })
export class RateCardEntity extends TenantRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'referral_id', type: 'uuid', nullable: true })
  referralId!: string | null;

  @Column({ name: 'corporate_client', type: 'text', nullable: true })
  corporateClient!: string | null;

  /** 'YYYY-MM-DD', the centre's local date (date columns read as text). */
  @Column({ name: 'valid_from', type: 'date' })
  validFrom!: string;

  @Column({ name: 'valid_to', type: 'date', nullable: true })
  validTo!: string | null;

  /** The contract's view: the centres given (those the caller reaches) and the current prices. */
  toRateCard(centreIds: readonly string[], prices: readonly RateCardPrice[]): RateCard {
    return {
      _id: this.id,
      name: this.name,
      referralId: this.referralId,
      corporateClient: this.corporateClient,
      validFrom: this.validFrom,
      validTo: this.validTo,
      isActive: this.isActive,
      centreIds: [...centreIds],
      prices: [...prices],
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
