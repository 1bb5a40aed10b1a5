import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  PRICE_KINDS,
  PROVIDER_KINDS,
  REGISTRATION_ITEM_KINDS,
  REGISTRATION_ITEM_STATUSES,
  type PriceKind,
  type ProviderKind,
  type Registration,
  type RegistrationItem,
  type RegistrationItemKind,
} from '@rayworks/contracts';
import {
  centreReachSql,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';

/** A visit as the desk writes it (the number, accession numbers and item ids are given by this repository). */
export interface NewRegistration {
  /** Given by the service: the invoice names it before the visit is written. */
  id: string;
  tenantId: string;
  centreId: string;
  groupId: string | null;
  patientId: string;
  registrationNumber: string;
  referralId: string | null;
  referralName: string | null;
  providerKind: ProviderKind;
  priceKind: PriceKind;
  invoiceId: string;
  requestKey: string;
  registeredBy: string;
  items: NewRegistrationItem[];
}

export interface NewRegistrationItem {
  lineCode: string;
  kind: RegistrationItemKind;
  code: string;
  name: string;
  modality: string | null;
  bodyPart: string | null;
  sampleType: string | null;
  packageCode: string | null;
  accessionNumber: string | null;
}

const registrationRow = z.object({
  id: z.uuid(),
  registration_number: z.string(),
  centre_id: z.uuid(),
  group_id: z.uuid().nullable(),
  patient_id: z.uuid(),
  mr_number: z.string(),
  patient_name: z.string(),
  referral_id: z.uuid().nullable(),
  referral_name: z.string().nullable(),
  provider_kind: z.enum(PROVIDER_KINDS),
  price_kind: z.enum(PRICE_KINDS),
  invoice_id: z.uuid(),
  registered_by: z.uuid(),
  registered_at: z.date(),
});
const itemRow = z.object({
  id: z.uuid(),
  registration_id: z.uuid(),
  line_code: z.string(),
  kind: z.enum(REGISTRATION_ITEM_KINDS),
  code: z.string(),
  name: z.string(),
  modality: z.string().nullable(),
  body_part: z.string().nullable(),
  sample_type: z.string().nullable(),
  package_code: z.string().nullable(),
  accession_number: z.string().nullable(),
  status: z.enum(REGISTRATION_ITEM_STATUSES),
});
export type RegistrationItemRow = z.infer<typeof itemRow>;

const REGISTRATION_COLUMNS = `r.id, r.registration_number, r.centre_id, r.group_id, r.patient_id, p.mr_number,
  p.patient_name, r.referral_id, r.referral_name, r.provider_kind, r.price_kind, r.invoice_id, r.registered_by,
  r.registered_at`;

const itemOf = (i: RegistrationItemRow): RegistrationItem => ({
  itemId: i.id,
  lineCode: i.line_code,
  kind: i.kind,
  code: i.code,
  name: i.name,
  modality: i.modality,
  accessionNumber: i.accession_number,
  sampleType: i.sample_type,
  packageCode: i.package_code,
  status: i.status,
});

const lastNumberRow = z.object({ last_number: z.coerce.number().int() });
const idRow = z.object({ id: z.uuid() });
const requestKeyRow = z.object({ request_key: z.string() });
const registeredAtRow = z.object({ registered_at: z.date() });
const idPositionRow = z.object({ id: z.uuid(), position: z.number().int() });

/** billing.registrations and their items under row-level security, narrowed to the caller's centres. */
@Injectable()
export class RegistrationsRepository {
  /** The centre's next visit number (1, 2, …) from its counter row, taken in this unit of work. */
  async nextRegistrationNumber(tx: ChangeTx, tenantId: string, centreId: string): Promise<number> {
    const [row] = await typedRows(
      tx.manager,
      lastNumberRow,
      `INSERT INTO billing.registration_counters (tenant_id, centre_id, last_number) VALUES (:tenantId, :centreId, 1)
       ON CONFLICT (centre_id) DO UPDATE SET last_number = billing.registration_counters.last_number + 1
       RETURNING last_number`,
      { tenantId, centreId },
    );
    return row!.last_number;
  }

  /** The company's next `count` accession numbers, from its counter row, in this unit of work. */
  async nextAccessionNumbers(tx: ChangeTx, tenantId: string, count: number): Promise<number[]> {
    if (count === 0) return [];
    const [row] = await typedRows(
      tx.manager,
      lastNumberRow,
      `INSERT INTO billing.accession_counters (tenant_id, last_number) VALUES (:tenantId, :count)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = billing.accession_counters.last_number + :count
       RETURNING last_number`,
      { tenantId, count },
    );
    const last = row!.last_number;
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }

  /** The visit a desk's request key already made (a second click, a retry), or null. */
  async idOfRequest(tx: ReadTx, requestKey: string): Promise<string | null> {
    const [row] = await typedRows(
      tx.manager,
      idRow,
      `SELECT id FROM billing.registrations WHERE request_key = :requestKey`,
      { requestKey },
    );
    return row?.id ?? null;
  }

  /** The request key the visit was registered with. */
  async requestKeyOf(tx: ReadTx, id: string): Promise<string | null> {
    const [row] = await typedRows(
      tx.manager,
      requestKeyRow,
      `SELECT request_key FROM billing.registrations WHERE id = :id`,
      { id },
    );
    return row?.request_key ?? null;
  }

  /**
   * Writes the visit and its items (two statements) and answers the visit as written — as `findReadable` would read
   * it: its time and the items' ids come back from the inserts, the patient as the caller read it; nothing is read
   * again.
   */
  async insert(
    tx: ChangeTx,
    r: NewRegistration,
    patient: { mrNumber: string; patientName: string },
  ): Promise<{ registration: Registration; itemIds: string[] }> {
    const [registration] = await typedRows(
      tx.manager,
      registeredAtRow,
      `INSERT INTO billing.registrations (id, tenant_id, centre_id, group_id, patient_id, registration_number,
         referral_id, referral_name, provider_kind, price_kind, invoice_id, request_key, registered_by)
       VALUES (:id, :tenantId, :centreId, :groupId, :patientId, :registrationNumber, :referralId, :referralName,
         :providerKind, :priceKind, :invoiceId, :requestKey, :registeredBy)
       RETURNING registered_at`,
      { ...r },
    );
    const row: z.infer<typeof registrationRow> = {
      id: r.id,
      registration_number: r.registrationNumber,
      centre_id: r.centreId,
      group_id: r.groupId,
      patient_id: r.patientId,
      mr_number: patient.mrNumber,
      patient_name: patient.patientName,
      referral_id: r.referralId,
      referral_name: r.referralName,
      provider_kind: r.providerKind,
      price_kind: r.priceKind,
      invoice_id: r.invoiceId,
      registered_by: r.registeredBy,
      registered_at: registration!.registered_at,
    };
    if (r.items.length === 0) return { registration: registrationOf(row, []), itemIds: [] };
    const p = new QueryParams();
    const values = r.items.map(
      (item, position) =>
        `(${[
          r.tenantId,
          r.id,
          position,
          item.lineCode,
          item.kind,
          item.code,
          item.name,
          item.modality,
          item.bodyPart,
          item.sampleType,
          item.packageCode,
          item.accessionNumber,
        ]
          .map((v) => p.add(v))
          .join(', ')})`,
    );
    const inserted = await typedRows(
      tx.manager,
      idPositionRow,
      `INSERT INTO billing.registration_items (tenant_id, registration_id, position, line_code, kind, code, name,
         modality, body_part, sample_type, package_code, accession_number)
       VALUES ${values.join(', ')}
       RETURNING id, position`,
      p,
    );
    const ids = new Map(inserted.map((one) => [one.position, one.id]));
    const itemIds = r.items.map((_, position) => ids.get(position)!);
    const items: RegistrationItemRow[] = r.items.map((item, position) => ({
      id: itemIds[position]!,
      registration_id: r.id,
      line_code: item.lineCode,
      kind: item.kind,
      code: item.code,
      name: item.name,
      modality: item.modality,
      body_part: item.bodyPart,
      sample_type: item.sampleType,
      package_code: item.packageCode,
      accession_number: item.accessionNumber,
      status: 'ORDERED',
    }));
    return { registration: registrationOf(row, items), itemIds };
  }

  /** The visit if the caller reaches its centre, with its items; null otherwise. */
  async findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<Registration | null> {
    const p = new QueryParams();
    const reach = centreReachSql(access, p, { centre: 'r.centre_id', group: 'r.group_id' });
    const [row] = await typedRows(
      tx.manager,
      registrationRow,
      `SELECT ${REGISTRATION_COLUMNS} FROM billing.registrations r JOIN billing.patients p ON p.id = r.patient_id
       WHERE r.id = ${p.add(id)} AND ${reach}`,
      p.values,
    );
    if (!row) return null;
    const items = await this.items(tx, [row.id]);
    return registrationOf(row, items);
  }

  /** A patient's visits the caller reaches, newest first. */
  async ofPatient(tx: ReadTx, access: RequestAccess, patientId: string): Promise<Registration[]> {
    const p = new QueryParams();
    const reach = centreReachSql(access, p, { centre: 'r.centre_id', group: 'r.group_id' });
    const rows = await typedRows(
      tx.manager,
      registrationRow,
      `SELECT ${REGISTRATION_COLUMNS} FROM billing.registrations r JOIN billing.patients p ON p.id = r.patient_id
       WHERE r.patient_id = ${p.add(patientId)} AND ${reach} ORDER BY r.registered_at DESC LIMIT 200`,
      p.values,
    );
    const items = await this.items(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => registrationOf(r, items));
  }

  /** The visit's items, locked for a cancellation. */
  lockedItems(tx: ChangeTx, registrationId: string): Promise<RegistrationItemRow[]> {
    return typedRows(
      tx.manager,
      itemRow,
      `SELECT id, registration_id, line_code, kind, code, name, modality, body_part, sample_type, package_code,
         accession_number, status
       FROM billing.registration_items WHERE registration_id = :registrationId ORDER BY position FOR UPDATE`,
      { registrationId },
    );
  }

  async cancelItems(tx: ChangeTx, itemIds: readonly string[], by: string, reason: string): Promise<void> {
    await tx.manager.query(
      `UPDATE billing.registration_items SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2,
         cancel_reason = $3
       WHERE id = ANY($1::uuid[]) AND status = 'ORDERED'`,
      [itemIds, by, reason],
    );
  }

  private items(tx: ReadTx, registrationIds: readonly string[]): Promise<RegistrationItemRow[]> {
    if (registrationIds.length === 0) return Promise.resolve([]);
    return typedRows(
      tx.manager,
      itemRow,
      `SELECT id, registration_id, line_code, kind, code, name, modality, body_part, sample_type, package_code,
         accession_number, status
       FROM billing.registration_items WHERE registration_id = ANY(:ids::uuid[]) ORDER BY registration_id, position`,
      { ids: [...registrationIds] },
    );
  }
}

function registrationOf(r: z.infer<typeof registrationRow>, items: readonly RegistrationItemRow[]): Registration {
  return {
    _id: r.id,
    registrationID: r.registration_number,
    centreId: r.centre_id,
    patientId: r.patient_id,
    mrID: r.mr_number,
    patientName: r.patient_name,
    referralId: r.referral_id,
    referredName: r.referral_name,
    providerKind: r.provider_kind,
    priceKind: r.price_kind,
    invoiceId: r.invoice_id,
    registeredAt: r.registered_at.toISOString(),
    registeredBy: r.registered_by,
    items: items.filter((i) => i.registration_id === r.id).map(itemOf),
  };
}
