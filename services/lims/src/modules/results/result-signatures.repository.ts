import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const signatureRow = z.object({
  lab_order_id: z.uuid(),
  amendment: z.number().int(),
  doctor_name: z.string(),
  qualification: z.string().nullable(),
  signature_key: z.string(),
  signed_at: z.coerce.date(),
});
export type ResultSignatureRow = z.infer<typeof signatureRow>;

/** lims.result_signatures: who signed an order's results at each amendment, and the signature image's copy. */
@Injectable()
export class ResultSignaturesRepository {
  async record(
    tx: ChangeTx,
    row: {
      tenantId: string;
      orderId: string;
      amendment: number;
      signedBy: string;
      doctorName: string;
      qualification: string | null;
      signatureKey: string;
      signedAt: Date;
    },
  ): Promise<void> {
    await tx.manager.query(
      `INSERT INTO lims.result_signatures
         (lab_order_id, amendment, tenant_id, signed_by, doctor_name, qualification, signature_key, signed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        row.orderId,
        row.amendment,
        row.tenantId,
        row.signedBy,
        row.doctorName,
        row.qualification,
        row.signatureKey,
        row.signedAt,
      ],
    );
  }

  /** The signatures of these orders at these amendments. */
  of(tx: ReadTx, orders: readonly { orderId: string; amendment: number }[]): Promise<ResultSignatureRow[]> {
    if (orders.length === 0) return Promise.resolve([]);
    return typedRows(
      tx.manager,
      signatureRow,
      `SELECT s.lab_order_id, s.amendment, s.doctor_name, s.qualification, s.signature_key, s.signed_at
         FROM lims.result_signatures s
         JOIN unnest(:ids::uuid[], :amendments::int[]) AS o(id, amendment)
           ON o.id = s.lab_order_id AND o.amendment = s.amendment`,
      { ids: orders.map((o) => o.orderId), amendments: orders.map((o) => o.amendment) },
    );
  }
}
