import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ANALYZER_MESSAGES,
  type Analyzer,
  type AnalyzerCode,
  type BodyOf,
  type LIMS_API,
  type Page,
} from '@rayworks/contracts';
import { companyOf, isUniqueViolation, UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { ANALYZER_AUDIT_ACTIONS } from './analyzer-audit.js';
import { AnalyzersRepository, type AnalyzerFields } from './analyzers.repository.js';

const M = ANALYZER_MESSAGES;

/** The company's analyzers and their code maps (docs/decisions/0301): Lab Management's analyzer setup. */
@Injectable()
export class AnalyzersService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AnalyzersRepository) private readonly analyzers: AnalyzersRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findAnalyzers>): Promise<Page<Analyzer>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.analyzers.list(tx, q);
      return { items: items.map((a) => a.toAnalyzer()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof LIMS_API.createAnalyzer>): Promise<Analyzer> {
    return this.uow.change(access, async (tx) => {
      const id = await conflicts(() =>
        this.analyzers.insert(tx, { ...fieldsOf(body), tenantId: companyOf(access.principal) }),
      );
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.analyzerCreate,
        target: { type: 'analyzer', id },
        details: { ...fieldsOf(body) },
      });
      return (await this.analyzers.find(tx, id))!.toAnalyzer();
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof LIMS_API.updateAnalyzer>): Promise<Analyzer> {
    return this.uow.change(access, async (tx) => {
      await this.load(tx, body.id);
      await conflicts(() => this.analyzers.update(tx, body.id, fieldsOf(body)));
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.analyzerUpdate,
        target: { type: 'analyzer', id: body.id },
        details: { ...fieldsOf(body) },
      });
      return (await this.analyzers.find(tx, body.id))!.toAnalyzer();
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
      return (await this.analyzers.find(tx, id))!.toAnalyzer();
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

  private async load(tx: ChangeTx, id: string) {
    const analyzer = await this.analyzers.find(tx, id, true);
    if (!analyzer) throw new NotFoundException(M.notFound);
    return analyzer;
  }
}

const fieldsOf = (body: AnalyzerFields): AnalyzerFields => ({
  name: body.name,
  protocol: body.protocol,
  sendingApplication: body.sendingApplication,
  sendingFacility: body.protocol === 'ASTM' ? '' : body.sendingFacility,
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
