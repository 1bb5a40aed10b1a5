import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ANALYZER_MESSAGES,
  type Analyzer,
  type AnalyzerCode,
  type BodyOf,
  type LIMS_API,
  type Page,
} from '@rayworks/contracts';
import {
  centreInReach,
  companyOf,
  isUniqueViolation,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { CentresRepository } from '../directory/centres.repository.js';
import { ANALYZER_AUDIT_ACTIONS } from './analyzer-audit.js';
import type { AnalyzerEntity } from './analyzer.entity.js';
import { AnalyzerResultsRepository } from './analyzer-results.repository.js';
import { AnalyzersRepository, type AnalyzerFields } from './analyzers.repository.js';

const M = ANALYZER_MESSAGES;

/**
 * The company's analyzers and their code maps (docs/decisions/0301): Lab Management's analyzer setup. Each names the
 * centre whose laboratory runs it (0373), one of the company's the caller reaches.
 */
@Injectable()
export class AnalyzersService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AnalyzersRepository) private readonly analyzers: AnalyzersRepository,
    @Inject(AnalyzerResultsRepository) private readonly results: AnalyzerResultsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findAnalyzers>): Promise<Page<Analyzer>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.analyzers.list(tx, q);
      return { items: await this.answers(tx, items), total, page: q.page, pageSize: q.pageSize };
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof LIMS_API.createAnalyzer>): Promise<Analyzer> {
    return this.uow.change(access, async (tx) => {
      const fields = { ...fieldsOf(body), groupId: await this.centreGroup(tx, access, body.centreId) };
      const id = await conflicts(() => this.analyzers.insert(tx, { ...fields, tenantId: companyOf(access.principal) }));
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.analyzerCreate,
        target: { type: 'analyzer', id },
        details: { ...fieldsOf(body) },
      });
      return this.answer(tx, id);
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof LIMS_API.updateAnalyzer>): Promise<Analyzer> {
    return this.uow.change(access, async (tx) => {
      const before = await this.load(tx, body.id);
      const fields = { ...fieldsOf(body), groupId: await this.centreGroup(tx, access, body.centreId) };
      await conflicts(() => this.analyzers.update(tx, body.id, fields));
      // the results still waiting are the queue of the laboratory that runs it now; those decided keep theirs
      if (before.centreId !== fields.centreId)
        await this.results.moveWaiting(tx, body.id, { centreId: fields.centreId, groupId: fields.groupId });
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.analyzerUpdate,
        target: { type: 'analyzer', id: body.id },
        details: { ...fieldsOf(body) },
      });
      return this.answer(tx, body.id);
    });
  }

  setActive(access: RequestAccess, id: string, isActive: boolean): Promise<Analyzer> {
    return this.uow.change(access, async (tx) => {
      await this.load(tx, id);
      await this.analyzers.setActive(tx, id, isActive);
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.analyzerStatus,
        target: { type: 'analyzer', id },
        details: { isActive },
      });
      return this.answer(tx, id);
    });
  }

  codes(access: RequestAccess, id: string): Promise<AnalyzerCode[]> {
    return this.uow.read(access, async (tx) => {
      if (!(await this.analyzers.find(tx, id))) throw new NotFoundException(M.notFound);
      return this.analyzers.codes(tx, id);
    });
  }

  saveCodes(access: RequestAccess, body: BodyOf<typeof LIMS_API.saveAnalyzerCodes>): Promise<AnalyzerCode[]> {
    return this.uow.change(access, async (tx) => {
      const analyzer = await this.load(tx, body.id);
      await this.analyzers.replaceCodes(tx, analyzer.tenantId, analyzer.id, body.codes);
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.analyzerCodes,
        target: { type: 'analyzer', id: analyzer.id },
        details: { codes: body.codes.length },
      });
      return this.analyzers.codes(tx, analyzer.id);
    });
  }

  /** The group of the centre named, when it is one of the company's centres the caller reaches (else 404). */
  private async centreGroup(tx: ReadTx, access: RequestAccess, centreId: string): Promise<string | null> {
    const centre = await this.centres.centre(tx, centreId);
    if (!centre || !centreInReach(access, centre)) throw new NotFoundException(M.centreNotFound);
    return centre.groupId;
  }

  private async answers(tx: ReadTx, rows: readonly AnalyzerEntity[]): Promise<Analyzer[]> {
    const names = await this.centres.names(
      tx,
      rows.map((a) => a.centreId),
    );
    return rows.map((a) => a.toAnalyzer(a.centreId ? (names.get(a.centreId) ?? null) : null));
  }

  private async answer(tx: ReadTx, id: string): Promise<Analyzer> {
    return (await this.answers(tx, [(await this.analyzers.find(tx, id))!]))[0]!;
  }

  private async load(tx: ChangeTx, id: string) {
    const analyzer = await this.analyzers.find(tx, id, true);
    if (!analyzer) throw new NotFoundException(M.notFound);
    return analyzer;
  }
}

const fieldsOf = (body: Omit<AnalyzerFields, 'groupId'>): Omit<AnalyzerFields, 'groupId'> => ({
  name: body.name,
  protocol: body.protocol,
  sendingApplication: body.sendingApplication,
  sendingFacility: body.protocol === 'ASTM' ? '' : body.sendingFacility,
  centreId: body.centreId,
});

/** A write that may hit the name's or the sending identity's unique constraint: 409 with the spec's words. */
async function conflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'analyzers_name')) throw new ConflictException(M.nameTaken);
    if (isUniqueViolation(error, 'analyzers_sender')) throw new ConflictException(M.senderTaken);
    throw error;
  }
}
