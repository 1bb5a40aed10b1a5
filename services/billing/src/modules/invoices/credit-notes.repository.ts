import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CreditNoteEntity } from './credit-note.entity.js';

export type NewCreditNote = Omit<CreditNoteEntity, 'id' | 'createdAt' | 'updatedAt' | 'toCreditNote'>;

/** billing.credit_notes under row-level security (reached through their invoice). */
@Injectable()
export class CreditNotesRepository {
  ofInvoice(tx: ReadTx, invoiceId: string): Promise<CreditNoteEntity[]> {
    return tx.repo(CreditNoteEntity).find({ where: { invoiceId }, order: { issuedAt: 'ASC', id: 'ASC' } });
  }

  /** The credit note the company issued with this idempotency key, or null. */
  byKey(tx: ReadTx, idempotencyKey: string): Promise<CreditNoteEntity | null> {
    return tx.repo(CreditNoteEntity).findOneBy({ idempotencyKey });
  }

  async insert(tx: ChangeTx, note: NewCreditNote): Promise<CreditNoteEntity> {
    const result = await tx.repo(CreditNoteEntity).insert(note);
    const id = (result.identifiers[0] as { id: string }).id;
    return (await tx.repo(CreditNoteEntity).findOneBy({ id }))!;
  }
}
