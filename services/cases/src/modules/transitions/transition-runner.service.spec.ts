import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { CASE_MESSAGES, socketRoom, type CaseChangedMessage } from '@rayworks/contracts';
import { NotFoundException } from '@nestjs/common';
import type { ChangeTx, RealtimeEmitter, RequestAccess, UnitOfWork } from '@rayworks/nest-kit';
import { CaseEntity } from '../cases/case.entity.js';
import type { CaseMapper } from '../cases/case.mapper.js';
import type { CasesPublisher } from '../cases/cases.publisher.js';
import type { VisibleCases } from '../cases/visible-cases.service.js';
import { TransitionRunner, type TransitionRequest } from './transition-runner.service.js';
import { CasePush } from './case-push.js';
import type { CasePatch, TransitionsRepository } from './transitions.repository.js';

const TENANT = '00000000-0000-4000-8000-000000000001';
const CASE = '00000000-0000-4000-8000-0000000000c1';
const CENTRE = '00000000-0000-4000-8000-0000000000e1';
const USER = '00000000-0000-4000-8000-0000000000a1';

/** The runner on fakes of its I/O: one case row, the writes of the unit of work, the pushes. */
function harness(options: { centreFilter?: string[] | null; grants?: string[]; loseRace?: boolean } = {}) {
  const row = Object.assign(new CaseEntity(), {
    id: CASE,
    tenantId: TENANT,
    version: 3,
    status: 'NEW',
    centreId: CENTRE,
    groupId: null,
    workflowType: 'Center',
    fusionStatus: null,
    patientId: 'P1',
    studyInstanceUid: '1.2.3',
    modality: 'CT',
    priority: 'ROUTINE',
    radiologistId: null,
    typistId: null,
    parentCaseId: null,
    fusionCentreId: null,
    imagingState: 'IMPORTED',
    createdAt: new Date(),
    updatedAt: new Date(),
  } satisfies Partial<CaseEntity>);
  const writes: string[] = [];
  const after: (() => unknown)[] = [];
  const publisher = {
    publish: async (_tx: unknown, type: string, moved: CaseEntity, how: { previousStatus: string }) => {
      writes.push(`publish ${type} ${moved.id} v${moved.version} from ${how.previousStatus}`);
    },
  } as unknown as CasesPublisher;
  const tx = {
    tenantId: TENANT,
    audit: async (entry: { action: string }) => {
      writes.push(`audit ${entry.action}`);
    },
    afterCommit: (callback: () => unknown) => after.push(callback),
  } as unknown as ChangeTx;
  const uow = { change: (_: unknown, work: (t: ChangeTx) => Promise<unknown>) => work(tx) } as unknown as UnitOfWork;
  const repo = {
    findForChange: async () => row,
    updateIfVersion: async (_tx: unknown, _id: string, version: number, patch: CasePatch) => {
      if (options.loseRace || version !== row.version) return null;
      Object.assign(row, patch, { version: row.version + 1 });
      writes.push(`update v${version}`);
      return Object.assign(new CaseEntity(), row);
    },
    insert: async () => {
      throw new Error('not used');
    },
  } as unknown as TransitionsRepository;
  // the reach rule is core's VisibleCases: here, the request's centres
  const visible = {
    load: async (_tx: unknown, access: RequestAccess) => {
      if (access.centreFilter !== null && !access.centreFilter.includes(row.centreId!))
        throw new NotFoundException(CASE_MESSAGES.notFound);
      return row;
    },
  } as unknown as VisibleCases;
  const mapper = {
    many: async (_tx: unknown, rows: CaseEntity[]) => rows.map((r) => ({ _id: r.id })),
  } as unknown as CaseMapper;
  const pushed: [string | readonly string[], string, CaseChangedMessage][] = [];
  const realtime = {
    toRoom: (room: string | readonly string[], event: string, message: CaseChangedMessage) =>
      pushed.push([room, event, message]),
  } as unknown as RealtimeEmitter;
  const access = {
    principal: {
      userId: USER,
      tenantId: TENANT,
      roleCodes: ['CENTER_ADMIN'],
      level: 'centre',
      grants: { WORKLIST: options.grants ?? ['ASSIGN'] },
    },
    centreFilter: options.centreFilter === undefined ? [CENTRE] : options.centreFilter,
    groupFilter: null,
    empty: false,
  } as unknown as RequestAccess;
  const runner = new TransitionRunner(uow, repo, visible, publisher, mapper, new CasePush(realtime));
  const assign: TransitionRequest = {
    caseId: CASE,
    version: 3,
    privileges: ['ASSIGN'],
    decide: () => ({ action: 'ASSIGN', event: 'CaseAssigned', patch: { status: 'IN PROGRESS', radiologistId: USER } }),
  };
  const refusal = async (request: TransitionRequest) => {
    try {
      await runner.run({ access }, request);
    } catch (error) {
      return [(error as HttpException).getStatus(), (error as HttpException).message];
    }
    throw new Error('not refused');
  };
  return { row, writes, after, pushed, runner, access, assign, refusal };
}

describe('TransitionRunner: the one road of a case change', () => {
  it('updates by version, writes the event and the audit entry in the unit of work, pushes only after commit', async () => {
    const h = harness();
    const result = await h.runner.run({ access: h.access }, h.assign);
    expect(result.case).toMatchObject({ status: 'IN PROGRESS', version: 4, radiologistId: USER });
    expect(h.writes).toEqual([`update v3`, `publish CaseAssigned ${CASE} v4 from NEW`, 'audit case.assign']);
    expect(h.pushed).toEqual([]);
    for (const callback of h.after) await callback();
    // to who may read the case before (the centre side) or after the change (also its new radiologist), never the company
    expect(h.pushed).toEqual([
      [
        [socketRoom.casesOfCompany(TENANT), socketRoom.casesOfCentre(CENTRE), socketRoom.user(USER)],
        'cases:case-changed',
        {
          caseId: CASE,
          version: 4,
          type: 'CaseAssigned',
          status: 'IN PROGRESS',
          worklistStatus: 'IN PROGRESS',
          centreId: CENTRE,
          radiologistId: USER,
          typistId: null,
          actorId: USER,
        },
      ],
    ]);
  });

  it('a case out of reach is 404, before the privilege (403), the version (409) and the machine (409)', async () => {
    expect(await harness({ centreFilter: [] }).refusal(harness().assign)).toEqual([404, CASE_MESSAGES.notFound]);
    const noPrivilege = harness({ grants: ['VIEW'] });
    expect(await noPrivilege.refusal(noPrivilege.assign)).toEqual([403, expect.any(String)]);
    const stale = harness();
    expect(await stale.refusal({ ...stale.assign, version: 2 })).toEqual([409, CASE_MESSAGES.conflict]);
    const refused = harness();
    expect(await refused.refusal({ ...refused.assign, decide: () => ({ refused: 'ASSIGN is not allowed' }) })).toEqual([
      409,
      'ASSIGN is not allowed',
    ]);
    for (const h of [noPrivilege, stale, refused]) expect(h.writes).toEqual([]);
  });

  it('a change that lost the race at UPDATE … WHERE version is 409 and writes no event', async () => {
    const h = harness({ loseRace: true });
    expect(await h.refusal(h.assign)).toEqual([409, CASE_MESSAGES.conflict]);
    expect(h.writes).toEqual([]);
    expect(h.after).toEqual([]);
  });

  it('a system transition needs no privilege and no reach, and names no actor', async () => {
    const h = harness({ grants: [] });
    await h.runner.run({ system: { tenantId: TENANT, actor: { type: 'system', id: 'auto' } } }, h.assign);
    for (const callback of h.after) await callback();
    expect(h.pushed[0]![2].actorId).toBeNull();
  });

  it("another company's case is never written in the caller's context (404, nothing written)", async () => {
    const h = harness();
    h.row.tenantId = '00000000-0000-4000-8000-000000000002';
    expect(await h.refusal(h.assign)).toEqual([404, CASE_MESSAGES.notFound]);
    expect(h.writes).toEqual([]);
  });

  it("an open offer's change also goes to the marketplace room, which hears it leave the pool", async () => {
    const h = harness();
    (h.row as { workflowType: string }).workflowType = 'Marketplace';
    await h.runner.run({ access: h.access }, h.assign);
    for (const callback of h.after) await callback();
    expect(h.pushed.map(([room]) => room)).toEqual([
      [
        socketRoom.casesOfCompany(TENANT),
        socketRoom.casesOfCentre(CENTRE),
        socketRoom.marketplace(),
        socketRoom.user(USER),
      ],
    ]);
  });
});
