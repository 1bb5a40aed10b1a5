import type { LabOrder, Sample, SampleRejectionReason } from '@rayworks/contracts';
import type { LabOrderEntity } from './lab-order.entity.js';
import type { SampleEntity } from './sample.entity.js';

const who = (userId: string | null, loginName: string | null) =>
  userId === null ? null : { userId, loginName: loginName ?? userId };

export const labOrderOf = (o: LabOrderEntity): LabOrder => ({
  _id: o.id,
  registrationItemId: o.registrationItemId,
  testCode: o.testCode,
  testName: o.testName,
  status: o.status,
});

/** A sample row and its orders as the API shows them (sampleSchema). */
export function sampleOf(s: SampleEntity, orders: readonly LabOrderEntity[]): Sample {
  return {
    _id: s.id,
    barcode: s.barcode,
    status: s.status,
    centreId: s.centreId,
    groupId: s.groupId,
    registrationId: s.registrationId,
    registrationNumber: s.registrationNumber,
    patientId: s.patientId,
    mrNumber: s.mrNumber,
    patientName: s.patientName,
    gender: s.gender,
    dateOfBirth: s.dateOfBirth,
    sampleType: s.sampleType,
    container: s.container,
    registeredAt: s.registeredAt.toISOString(),
    collectedBy: who(s.collectedBy, s.collectedByName),
    collectedAt: s.collectedAt?.toISOString() ?? null,
    collectionPlace: s.collectionPlace,
    acceptedBy: who(s.acceptedBy, s.acceptedByName),
    acceptedAt: s.acceptedAt?.toISOString() ?? null,
    rejectedBy: who(s.rejectedBy, s.rejectedByName),
    rejectedAt: s.rejectedAt?.toISOString() ?? null,
    rejectionReason: s.rejectionReason as SampleRejectionReason | null,
    rejectionNote: s.rejectionNote,
    recollectionOf: s.recollectionOf,
    version: s.version,
    orders: orders.filter((o) => o.sampleId === s.id).map(labOrderOf),
  };
}
