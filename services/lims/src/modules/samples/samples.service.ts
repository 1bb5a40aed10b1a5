import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  groupIntoSamples,
  nextSample,
  SAMPLE_ACTION_WORDS,
  SAMPLE_MESSAGES,
  SAMPLE_STATUS_LABELS,
  sampleBarcode,
  SampleAcceptedV1,
  SampleRejectedV1,
  type BodyOf,
  type LIMS_API,
  type RegistrationCreatedPayload,
  type RegistrationItemsCancelledPayload,
  type Sample,
  type SampleEvent,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type AuditClient, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { LabTestsRepository } from '../catalogue/lab-tests.repository.js';
import type { LabOrderEntity } from './lab-order.entity.js';
import { SAMPLE_AUDIT_ACTIONS } from './sample-audit.js';
import { sampleOf } from './sample-view.js';
import type { SampleEntity } from './sample.entity.js';
import { SamplePush } from './sample.push.js';
import { SamplesRepository } from './samples.repository.js';

type Page = { items: Sample[]; total: number; page: number; pageSize: number };

/**
 * Samples from registrations to accession (docs/decisions/0297–0299):
 * - RegistrationCreated (in the consumer's unit of work, with the kit's inbox entry): one lab order per LAB item, the
 *   orders grouped into samples by sample type and container (the lab's test definition's, lims.lab_tests, else
 *   billing's sample type and its default container), each with the company's next barcode. An item already
 *   ordered (the same registration published again) orders nothing and makes no sample.
 * - RegistrationItemsCancelled: the items' orders are cancelled; a sample left with no order is cancelled unless the
 *   lab has accepted it (then it stays, the cancellation on its audit trail: the machine refuses sample.cancel).
 * - Collection, accession: every move asked of the sample machine (sample-states.ts) on the row locked; a refused
 *   move is a 409 and changes nothing. A rejection sends the orders back to collection on a new sample with a new
 *   barcode, publishes SampleRejected and tells the registration's centre in the console.
 */
@Injectable()
export class SamplesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(SamplesRepository) private readonly samples: SamplesRepository,
    @Inject(SamplePush) private readonly push: SamplePush,
    @Inject(LabTestsRepository) private readonly labTests: LabTestsRepository,
  ) {}

  /** The samples a registration's lab items give (none for items already ordered). */
  async registered(tx: ChangeTx, tenantId: string, r: RegistrationCreatedPayload): Promise<SampleEntity[]> {
    const lab = r.items.filter((i) => i.kind === 'LAB');
    if (lab.length === 0) return [];
    const ordered = await this.samples.orderedItems(
      tx,
      lab.map((i) => i.itemId),
    );
    const fresh = lab.filter((i) => !ordered.has(i.itemId));
    if (fresh.length === 0) return [];
    // the lab's own definitions of these tests (sample type, container) where it has them, else billing's and defaults
    const definitions = new Map(
      (await this.labTests.byCodes(tx, [...new Set(fresh.map((i) => i.code.trim().toUpperCase()))])).map((t) => [
        t.code,
        { sampleType: t.sampleType, container: t.container },
      ]),
    );
    const groups = groupIntoSamples(fresh, (code) => definitions.get(code));
    const numbers = await this.samples.nextBarcodeNumbers(tx, tenantId, groups.length);
    const made: SampleEntity[] = [];
    for (const [n, group] of groups.entries()) {
      const sample = await this.samples.insertSample(tx, {
        tenantId,
        centreId: r.centreId,
        groupId: r.groupId,
        registrationId: r.registrationId,
        registrationNumber: r.registrationNumber,
        registeredAt: new Date(r.registeredAt),
        patientId: r.patient.id,
        mrNumber: r.patient.mrNumber,
        patientName: r.patient.patientName,
        gender: r.patient.gender,
        dateOfBirth: r.patient.dateOfBirth,
        ageYears: r.patient.ageYears,
        timeZone: r.timeZone ?? null,
        phoneNumber: r.patient.phoneNumber,
        sampleType: group.sampleType,
        container: group.container,
        barcode: sampleBarcode(numbers[n]!),
        status: 'PENDING_COLLECTION',
        recollectionOf: null,
      });
      await this.samples.insertOrders(
        tx,
        group.items.map((i) => ({
          tenantId,
          sampleId: sample.id,
          registrationId: r.registrationId,
          registrationItemId: i.itemId,
          testCode: i.code.trim().toUpperCase(),
          testName: i.name,
          packageCode: i.packageCode,
        })),
      );
      await tx.audit({
        action: SAMPLE_AUDIT_ACTIONS.create,
        target: { type: 'sample', id: sample.id },
        details: {
          registrationId: r.registrationId,
          registrationNumber: r.registrationNumber,
          barcode: sample.barcode,
          testCodes: group.items.map((i) => i.code),
        },
      });
      made.push(sample);
    }
    return made;
  }

  /** The cancelled items' orders; a sample left with none is cancelled unless the lab accepted it. */
  async cancelled(tx: ChangeTx, r: RegistrationItemsCancelledPayload): Promise<void> {
    const itemIds = r.items.filter((i) => i.kind === 'LAB').map((i) => i.itemId);
    const orders = (await this.samples.ordersOfItems(tx, itemIds)).filter((o) => o.status === 'ORDERED');
    if (orders.length === 0) return;
    const now = new Date();
    await this.samples.cancelOrders(
      tx,
      orders.map((o) => o.id),
      now,
    );
    for (const sampleId of new Set(orders.map((o) => o.sampleId))) {
      const sample = (await this.samples.reload(tx, sampleId))!;
      const left = (await this.samples.ordersOf(tx, [sampleId])).filter((o) => o.status === 'ORDERED');
      const move = left.length === 0 ? nextSample(sample.status, 'sample.cancel') : null;
      const cancelledNow = move?.ok === true && (await this.samples.update(tx, sample, { status: 'CANCELLED' }));
      await tx.audit({
        action: SAMPLE_AUDIT_ACTIONS.ordersCancelled,
        target: { type: 'sample', id: sampleId },
        details: {
          registrationId: r.registrationId,
          reason: r.reason,
          testCodes: orders.filter((o) => o.sampleId === sampleId).map((o) => o.testCode),
          sampleCancelled: cancelledNow,
          ...(left.length === 0 && !cancelledNow ? { kept: `the sample is ${sample.status}` } : {}),
        },
      });
    }
  }

  /** A page of the samples the caller reaches (a read of patient data: audited). */
  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findSamples>, client: AuditClient): Promise<Page> {
    return this.uow.read(
      access,
      async (tx) => {
        const { items, total } = await this.samples.list(tx, access, q);
        const orders = await this.samples.ordersOf(
          tx,
          items.map((s) => s.id),
        );
        return { items: items.map((s) => sampleOf(s, orders)), total, page: q.page, pageSize: q.pageSize };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { list: 'samples' }, client } },
    );
  }

  /** The sample of a scanned barcode (404 for an unknown one, another company's, out of reach; audited). */
  scan(access: RequestAccess, barcode: string, client: AuditClient): Promise<Sample> {
    return this.uow.read(
      access,
      async (tx) => {
        const sample = await this.samples.byBarcode(tx, access, barcode);
        if (!sample) throw new NotFoundException(SAMPLE_MESSAGES.notFound);
        return sampleOf(sample, await this.samples.ordersOf(tx, [sample.id]));
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: (s) => ({ type: 'sample', id: (s as Sample)._id }),
          client,
        },
      },
    );
  }

  collect(access: RequestAccess, body: BodyOf<typeof LIMS_API.collectSample>, client: AuditClient): Promise<Sample> {
    const now = new Date();
    const collectedAt = body.collectedAt ? new Date(body.collectedAt) : now;
    if (collectedAt.getTime() > now.getTime() + 60_000)
      throw new BadRequestException(`collectedAt: ${SAMPLE_MESSAGES.collectedInFuture}`);
    return this.uow.change(access, async (tx) => {
      const sample = await this.samples.byId(tx, access, body.sampleId, true);
      if (!sample) throw new NotFoundException(SAMPLE_MESSAGES.notFound);
      this.allow(sample, 'sample.collect', SAMPLE_ACTION_WORDS.collect);
      const collectorName = body.collectorName ?? access.principal.loginName;
      await this.write(tx, sample, {
        status: 'COLLECTED',
        collectedBy: access.principal.userId,
        collectedByName: collectorName,
        collectedAt,
        collectionPlace: body.place,
      });
      await tx.audit({
        action: SAMPLE_AUDIT_ACTIONS.collect,
        target: { type: 'sample', id: sample.id },
        details: {
          barcode: sample.barcode,
          place: body.place,
          collector: collectorName,
          at: collectedAt.toISOString(),
        },
        client,
      });
      return this.view(tx, sample.id);
    });
  }

  accept(access: RequestAccess, barcode: string, client: AuditClient): Promise<Sample> {
    return this.uow.change(access, async (tx) => {
      const sample = await this.lockScanned(tx, access, barcode);
      this.allow(sample, 'sample.accept', SAMPLE_ACTION_WORDS.accept);
      const at = new Date();
      await this.write(tx, sample, {
        status: 'ACCEPTED',
        acceptedBy: access.principal.userId,
        acceptedByName: access.principal.loginName,
        acceptedAt: at,
      });
      const accepted = await this.view(tx, sample.id);
      await tx.publish(SampleAcceptedV1, sample.registrationId, {
        ...this.eventFields(accepted),
        acceptedAt: at.toISOString(),
      });
      await tx.audit({
        action: SAMPLE_AUDIT_ACTIONS.accept,
        target: { type: 'sample', id: sample.id },
        details: { barcode: sample.barcode },
        client,
      });
      return accepted;
    });
  }

  /**
   * Rejects a collected sample: its orders go back to collection on a new sample (same registration, type and
   * container, a new barcode — the rejected tube's label is never reused; docs/decisions/0299), SampleRejected is
   * published and, after the commit, the registration's centre is told in the console.
   */
  reject(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.rejectSample>,
    client: AuditClient,
  ): Promise<{ rejected: Sample; recollection: Sample }> {
    return this.uow.change(access, async (tx) => {
      const sample = await this.lockScanned(tx, access, body.barcode);
      this.allow(sample, 'sample.reject', SAMPLE_ACTION_WORDS.reject);
      const at = new Date();
      await this.write(tx, sample, {
        status: 'REJECTED',
        rejectedBy: access.principal.userId,
        rejectedByName: access.principal.loginName,
        rejectedAt: at,
        rejectionReason: body.reason,
        rejectionNote: body.note,
      });
      const [number] = await this.samples.nextBarcodeNumbers(tx, sample.tenantId, 1);
      const again = await this.samples.insertSample(tx, {
        tenantId: sample.tenantId,
        centreId: sample.centreId,
        groupId: sample.groupId,
        registrationId: sample.registrationId,
        registrationNumber: sample.registrationNumber,
        registeredAt: sample.registeredAt,
        patientId: sample.patientId,
        mrNumber: sample.mrNumber,
        patientName: sample.patientName,
        gender: sample.gender,
        dateOfBirth: sample.dateOfBirth,
        ageYears: sample.ageYears,
        phoneNumber: sample.phoneNumber,
        sampleType: sample.sampleType,
        container: sample.container,
        barcode: sampleBarcode(number!),
        status: 'PENDING_COLLECTION',
        timeZone: sample.timeZone,
        recollectionOf: sample.id,
      });
      const testCodes = (await this.samples.ordersOf(tx, [sample.id]))
        .filter((o) => o.status === 'ORDERED')
        .map((o) => o.testCode);
      await this.samples.moveOrders(tx, sample.id, again.id);
      const rejected = await this.view(tx, sample.id);
      const recollection = await this.view(tx, again.id);
      await tx.publish(SampleRejectedV1, sample.registrationId, {
        ...this.eventFields(rejected),
        testCodes,
        reason: body.reason,
        note: body.note,
        rejectedAt: at.toISOString(),
        recollection: { sampleId: again.id, barcode: again.barcode },
      });
      await tx.audit({
        action: SAMPLE_AUDIT_ACTIONS.reject,
        target: { type: 'sample', id: sample.id },
        details: { barcode: sample.barcode, reason: body.reason, note: body.note, recollection: again.barcode },
        client,
      });
      tx.afterCommit(() => this.push.rejected(sample.tenantId, rejected, recollection));
      return { rejected, recollection };
    });
  }

  private async lockScanned(tx: ChangeTx, access: RequestAccess, barcode: string): Promise<SampleEntity> {
    const sample = await this.samples.byBarcode(tx, access, barcode, true);
    if (!sample) throw new NotFoundException(SAMPLE_MESSAGES.notFound);
    return sample;
  }

  /** 409 unless the sample machine allows the event in the sample's status. */
  private allow(sample: SampleEntity, event: SampleEvent, verb: string): void {
    if (nextSample(sample.status, event).ok) return;
    throw new ConflictException(SAMPLE_MESSAGES.notAllowed(SAMPLE_STATUS_LABELS[sample.status].toLowerCase(), verb));
  }

  private async write(tx: ChangeTx, sample: SampleEntity, changes: Partial<SampleEntity>): Promise<void> {
    if (!(await this.samples.update(tx, sample, changes))) throw new ConflictException(SAMPLE_MESSAGES.changed);
  }

  private async view(tx: ChangeTx, id: string): Promise<Sample> {
    const sample = (await this.samples.reload(tx, id))!;
    const orders: LabOrderEntity[] = await this.samples.ordersOf(tx, [id]);
    return sampleOf(sample, orders);
  }

  private eventFields(s: Sample) {
    return {
      sampleId: s._id,
      barcode: s.barcode,
      registrationId: s.registrationId,
      registrationNumber: s.registrationNumber,
      centreId: s.centreId,
      groupId: s.groupId,
      sampleType: s.sampleType,
      container: s.container,
      testCodes: s.orders.filter((o) => o.status === 'ORDERED').map((o) => o.testCode),
    };
  }
}
