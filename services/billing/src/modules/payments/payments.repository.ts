import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { PaymentEntity } from './payment.entity.js';

export type NewPayment = Omit<PaymentEntity, 'id' | 'createdAt' | 'updatedAt' | 'toPayment'>;

/** billing.payments (payments and refunds) under row-level security (reached through their invoice). */
@Injectable()
export class PaymentsRepository {
  ofInvoice(tx: ReadTx, invoiceId: string): Promise<PaymentEntity[]> {
    return tx.repo(PaymentEntity).find({ where: { invoiceId }, order: { takenAt: 'ASC', id: 'ASC' } });
  }

  /** The company's payment or refund by its id, or null (its invoice says who reaches it). */
  byId(tx: ReadTx, id: string): Promise<PaymentEntity | null> {
    return tx.repo(PaymentEntity).findOneBy({ id });
  }

  /** The payment or refund the company took with this idempotency key, or null. */
  byKey(tx: ReadTx, idempotencyKey: string): Promise<PaymentEntity | null> {
    return tx.repo(PaymentEntity).findOneBy({ idempotencyKey });
  }

  /** Writes the entry and answers it as written (TypeORM sets the id and times the database gave: no read back). */
  async insert(tx: ChangeTx, entry: NewPayment): Promise<PaymentEntity> {
    const payments = tx.repo(PaymentEntity);
    const row = payments.create(entry);
    await payments.insert(row);
    return row;
  }
}
