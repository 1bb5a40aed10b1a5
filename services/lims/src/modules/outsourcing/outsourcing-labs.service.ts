import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  OUTSOURCING_MESSAGES as M,
  type BodyOf,
  type LIMS_API,
  type OutsourcingLab,
  type Page,
} from '@rayworks/contracts';
import {
  companyOf,
  isUniqueViolation,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { LabTestsRepository } from '../catalogue/lab-tests.repository.js';
import { OUTSOURCING_AUDIT_ACTIONS } from './outsourcing-audit.js';
import type { OutsourcingLabEntity } from './outsourcing-lab.entity.js';
import { OutsourcingLabsRepository, type LabFields } from './outsourcing-labs.repository.js';

type LabBody = BodyOf<typeof LIMS_API.createOutsourcingLab>;

/**
 * The company's outsourcing labs (docs/decisions/0312): who they are, the lab catalogue's tests each performs with its
 * turnaround (a code not in the catalogue is a 400 naming it), and the analyzer its HL7 results come as (404 when the
 * company has no such analyzer). The code is unique in the company (409).
 */
@Injectable()
export class OutsourcingLabsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(OutsourcingLabsRepository) private readonly labs: OutsourcingLabsRepository,
    @Inject(LabTestsRepository) private readonly catalogue: LabTestsRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findOutsourcingLabs>): Promise<Page<OutsourcingLab>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.labs.list(tx, q);
      return { items: await this.views(tx, items), total, page: q.page, pageSize: q.pageSize };
    });
  }

  create(access: RequestAccess, body: LabBody): Promise<OutsourcingLab> {
    return this.uow.change(access, async (tx) => {
      await this.check(tx, body);
      const tenantId = companyOf(access.principal);
      const id = await conflicts(() => this.labs.insert(tx, { ...fieldsOf(body), tenantId }));
      await this.labs.replaceTests(tx, tenantId, id, body.tests);
      await tx.audit({
        action: OUTSOURCING_AUDIT_ACTIONS.labCreate,
        target: { type: 'outsourcing_lab', id },
        details: { ...fieldsOf(body), tests: body.tests },
      });
      return this.view(tx, id);
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof LIMS_API.updateOutsourcingLab>): Promise<OutsourcingLab> {
    return this.uow.change(access, async (tx) => {
      const lab = await this.load(tx, body.id);
      await this.check(tx, body);
      await conflicts(() => this.labs.update(tx, lab.id, fieldsOf(body)));
      await this.labs.replaceTests(tx, lab.tenantId, lab.id, body.tests);
      await tx.audit({
        action: OUTSOURCING_AUDIT_ACTIONS.labUpdate,
        target: { type: 'outsourcing_lab', id: lab.id },
        details: { ...fieldsOf(body), tests: body.tests },
      });
      return this.view(tx, lab.id);
    });
  }

  setActive(access: RequestAccess, id: string, isActive: boolean): Promise<OutsourcingLab> {
    return this.uow.change(access, async (tx) => {
      await this.load(tx, id);
      await this.labs.setActive(tx, id, isActive);
      await tx.audit({
        action: OUTSOURCING_AUDIT_ACTIONS.labStatus,
        target: { type: 'outsourcing_lab', id },
        details: { isActive },
      });
      return this.view(tx, id);
    });
  }

  /** Every test code must be the lab catalogue's; the analyzer, if named, the company's. */
  private async check(tx: ChangeTx, body: LabBody): Promise<void> {
    const codes = body.tests.map((t) => t.testCode);
    const known = new Set((await this.catalogue.byCodes(tx, codes)).map((t) => t.code));
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length > 0) throw new BadRequestException(`tests: ${M.unknownTests(unknown)}`);
    if (body.analyzerId && !(await this.labs.analyzerNames(tx, [body.analyzerId])).has(body.analyzerId))
      throw new NotFoundException(M.analyzerNotFound);
  }

  private async load(tx: ChangeTx, id: string): Promise<OutsourcingLabEntity> {
    const lab = await this.labs.find(tx, id, true);
    if (!lab) throw new NotFoundException(M.labNotFound);
    return lab;
  }

  private async view(tx: ReadTx, id: string): Promise<OutsourcingLab> {
    const [lab] = await this.views(tx, [(await this.labs.find(tx, id))!]);
    return lab!;
  }

  private async views(tx: ReadTx, labs: readonly OutsourcingLabEntity[]): Promise<OutsourcingLab[]> {
    const [tests, analyzers] = await Promise.all([
      this.labs.tests(
        tx,
        labs.map((l) => l.id),
      ),
      this.labs.analyzerNames(tx, [...new Set(labs.flatMap((l) => l.analyzerId ?? []))]),
    ]);
    return labs.map((l) => ({
      _id: l.id,
      name: l.name,
      code: l.code,
      contactPerson: l.contactPerson,
      email: l.email,
      phone: l.phone,
      address: l.address,
      analyzerId: l.analyzerId,
      analyzerName: l.analyzerId ? (analyzers.get(l.analyzerId) ?? null) : null,
      tests: tests.get(l.id) ?? [],
      isActive: l.isActive,
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    }));
  }
}

const fieldsOf = (body: LabBody): LabFields => ({
  name: body.name,
  code: body.code,
  contactPerson: body.contactPerson ?? null,
  email: body.email ?? null,
  phone: body.phone ?? null,
  address: body.address ?? null,
  analyzerId: body.analyzerId,
});

/** A write that may hit the code's unique constraint: 409. */
async function conflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'outsourcing_labs_code')) throw new ConflictException(M.codeTaken);
    throw error;
  }
}
