import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  MANIFEST_ACTION_WORDS,
  manifestNumber,
  nextManifest,
  OUTSOURCING_MESSAGES as M,
  type BodyOf,
  type LIMS_API,
  type Manifest,
  type ManifestCandidate,
  type ManifestDetail,
  type ManifestEvent,
  type ManifestSample,
  type ManifestStatus,
  type Page,
} from '@rayworks/contracts';
import {
  companyOf,
  isUniqueViolation,
  KIT_AUDIT_ACTIONS,
  UnitOfWork,
  type AuditClient,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { ManifestCompletion } from './manifest-completion.js';
import {
  ManifestsRepository,
  type ManifestChange,
  type ManifestRow,
  type SampleOrderRow,
} from './manifests.repository.js';
import { OUTSOURCING_AUDIT_ACTIONS } from './outsourcing-audit.js';
import { OutsourcingLabsRepository } from './outsourcing-labs.repository.js';

/**
 * Manifests (docs/decisions/0312): accepted samples of the caller's centres sent to an outsourcing lab — made as a
 * DRAFT from the orders the lab performs, dispatched with the courier, marked received by the lab; completed by the
 * results (ManifestCompletion), cancelled only as a draft. Every move is asked of the manifest machine
 * (outsourcing-states.ts) on the row locked, with the version the caller read; a refused move is a 409 and changes
 * nothing. A sample out of the caller's reach or of another company is a 404; one an open manifest holds, a 409.
 */
@Injectable()
export class ManifestsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ManifestsRepository) private readonly manifests: ManifestsRepository,
    @Inject(OutsourcingLabsRepository) private readonly labs: OutsourcingLabsRepository,
    @Inject(ManifestCompletion) private readonly completion: ManifestCompletion,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findManifests>): Promise<Page<Manifest>> {
    return this.uow.read(access, async (tx) => {
      const { rows, total } = await this.manifests.list(tx, access, q);
      return { items: rows.map(manifestOf), total, page: q.page, pageSize: q.pageSize };
    });
  }

  /** A manifest with its samples (patient data: audited). */
  get(access: RequestAccess, id: string, client: AuditClient): Promise<ManifestDetail> {
    return this.uow.read(access, (tx) => this.detail(tx, access, id), {
      audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: { type: 'manifest', id }, client },
    });
  }

  /** The accepted samples the lab could be sent (patient data: audited). */
  candidates(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.findManifestCandidates>,
    client: AuditClient,
  ): Promise<{ items: ManifestCandidate[] }> {
    return this.uow.read(
      access,
      async (tx) => {
        if (!(await this.labs.find(tx, body.labId))) throw new NotFoundException(M.labNotFound);
        const rows = await this.manifests.performable(tx, access, body.labId, { search: body.search });
        return {
          items: samplesOf(rows).map((s) => ({
            ...s,
            acceptedAt: rows.find((r) => r.sample_id === s.sampleId)!.accepted_at!.toISOString(),
          })),
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: null,
          details: { list: 'manifest candidates' },
          client,
        },
      },
    );
  }

  create(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.createManifest>,
    client: AuditClient,
  ): Promise<ManifestDetail> {
    return this.uow.change(access, async (tx) => {
      const lab = await this.labs.find(tx, body.labId);
      if (!lab) throw new NotFoundException(M.labNotFound);
      if (!lab.isActive) throw new ConflictException(M.labInactive);
      const ids = [...new Set(body.sampleIds)];
      const samples = await this.manifests.lockSamples(tx, access, ids);
      if (samples.length !== ids.length) throw new NotFoundException(M.sampleNotFound);
      const notAccepted = samples.find((s) => s.status !== 'ACCEPTED');
      if (notAccepted) throw new ConflictException(M.sampleNotAccepted(notAccepted.barcode));
      const [held] = await this.manifests.held(tx, ids);
      if (held) throw new ConflictException(M.sampleOnManifest(barcodeOf(samples, held.sample_id), held.number));
      const orders = await this.manifests.performable(tx, access, lab.id, { sampleIds: ids });
      const idle = samples.find((s) => !orders.some((o) => o.sample_id === s.id));
      if (idle) throw new ConflictException(M.notPerformed(idle.barcode, lab.name));
      const tenantId = companyOf(access.principal);
      const number = manifestNumber(await this.manifests.nextNumber(tx, tenantId));
      const id = await this.manifests
        .insert(tx, {
          tenantId,
          number,
          labId: lab.id,
          createdBy: access.principal.userId,
          createdByName: access.principal.loginName,
          orders: orders.map((o) => ({ sampleId: o.sample_id, orderId: o.order_id })),
        })
        .catch((error: unknown) => {
          // another manifest took one of the samples since we looked (manifest_samples_open)
          if (isUniqueViolation(error, 'manifest_samples_open'))
            throw new ConflictException(M.sampleOnManifest(samples[0]!.barcode, 'being made'));
          throw error;
        });
      await tx.audit({
        action: OUTSOURCING_AUDIT_ACTIONS.manifestCreate,
        target: { type: 'manifest', id },
        details: {
          number,
          labId: lab.id,
          barcodes: samples.map((s) => s.barcode),
          testCodes: [...new Set(orders.map((o) => o.test_code))],
        },
        client,
      });
      return this.detail(tx, access, id);
    });
  }

  dispatch(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.dispatchManifest>,
    client: AuditClient,
  ): Promise<ManifestDetail> {
    return this.move(access, body, 'manifest.dispatch', client, (at) => ({
      courier: body.courier,
      trackingNote: body.trackingNote ?? null,
      dispatchedBy: access.principal.userId,
      dispatchedByName: access.principal.loginName,
      dispatchedAt: at,
    }));
  }

  receive(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.receiveManifest>,
    client: AuditClient,
  ): Promise<ManifestDetail> {
    return this.move(access, body, 'manifest.receive', client, (at) => ({
      receivedBy: access.principal.userId,
      receivedByName: access.principal.loginName,
      receivedAt: at,
    }));
  }

  cancel(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.cancelManifest>,
    client: AuditClient,
  ): Promise<ManifestDetail> {
    return this.move(access, body, 'manifest.cancel', client, (at) => ({
      cancelledBy: access.principal.userId,
      cancelledByName: access.principal.loginName,
      cancelledAt: at,
    }));
  }

  /** One move a person asks for: the machine allows it, the version is the one read, the audit entry names it. */
  private move(
    access: RequestAccess,
    body: { id: string; version: number },
    event: ManifestEvent,
    client: AuditClient,
    fields: (at: Date) => Omit<ManifestChange, 'status'>,
  ): Promise<ManifestDetail> {
    return this.uow.change(access, async (tx) => {
      const row = await this.manifests.find(tx, access, body.id, true);
      if (!row) throw new NotFoundException(M.manifestNotFound);
      const to = allow(row.status, event);
      if (row.version !== body.version) throw new ConflictException(M.changed);
      const change = fields(new Date());
      await this.manifests.update(tx, row.id, row.version, { status: to, ...change });
      if (to === 'CANCELLED') await this.manifests.release(tx, row.id);
      await tx.audit({
        action: OUTSOURCING_AUDIT_ACTIONS.manifestMove,
        target: { type: 'manifest', id: row.id },
        details: { number: row.number, event, from: row.status, to, ...change },
        client,
      });
      // results that came in before the move (typed while a draft, or before the receipt) complete it now
      if (to !== 'CANCELLED') await this.completion.completeIfDone(tx, row.id);
      return this.detail(tx, access, row.id);
    });
  }

  private async detail(tx: ReadTx, access: RequestAccess, id: string): Promise<ManifestDetail> {
    const row = await this.manifests.find(tx, access, id);
    if (!row) throw new NotFoundException(M.manifestNotFound);
    return { ...manifestOf(row), samples: samplesOf(await this.manifests.samplesOf(tx, access, id)) };
  }
}

/** The status `event` leads to, or a 409 naming the status and the action. */
export function allow(from: ManifestStatus, event: ManifestEvent): ManifestStatus {
  const move = nextManifest(from, event);
  if (!move.ok) throw new ConflictException(M.notAllowed(from, MANIFEST_ACTION_WORDS[event]));
  return move.status;
}

const barcodeOf = (samples: readonly { id: string; barcode: string }[], id: string) =>
  samples.find((s) => s.id === id)?.barcode ?? id;

const step = (name: string | null, at: Date | null) => (at ? { name: name ?? '', at: at.toISOString() } : null);

function manifestOf(r: ManifestRow): Manifest {
  return {
    _id: r.id,
    number: r.number,
    labId: r.lab_id,
    labName: r.lab_name,
    labCode: r.lab_code,
    status: r.status,
    courier: r.courier,
    trackingNote: r.tracking_note,
    created: { name: r.created_by_name, at: r.created_at.toISOString() },
    dispatched: step(r.dispatched_by_name, r.dispatched_at),
    received: step(r.received_by_name, r.received_at),
    completedAt: r.completed_at?.toISOString() ?? null,
    cancelled: step(r.cancelled_by_name, r.cancelled_at),
    progress: { samples: r.samples, orders: r.orders, resulted: r.resulted },
    version: r.version,
  };
}

/** Rows of (sample, order) → samples with their orders, in the rows' order. */
export function samplesOf(rows: readonly SampleOrderRow[]): ManifestSample[] {
  const out = new Map<string, ManifestSample>();
  for (const r of rows) {
    let sample = out.get(r.sample_id);
    if (!sample) {
      sample = {
        sampleId: r.sample_id,
        barcode: r.barcode,
        mrNumber: r.mr_number,
        patientName: r.patient_name,
        gender: r.gender,
        sampleType: r.sample_type,
        container: r.container,
        collectedAt: r.collected_at?.toISOString() ?? null,
        orders: [],
      };
      out.set(r.sample_id, sample);
    }
    sample.orders.push({ orderId: r.order_id, testCode: r.test_code, testName: r.test_name, resulted: r.resulted });
  }
  return [...out.values()];
}
