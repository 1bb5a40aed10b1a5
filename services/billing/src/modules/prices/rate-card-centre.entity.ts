import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** billing.rate_card_centres: a rate card assigned to a centre (docs/decisions/0249). */
@Entity({ name: 'rate_card_centres' })
export class RateCardCentreEntity {
  @PrimaryColumn({ name: 'rate_card_id', type: 'uuid' })
  rateCardId!: string;

  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @CreateDateColumn({ name: 'assigned_at', type: 'timestamptz' })
  assignedAt!: Date;
}
