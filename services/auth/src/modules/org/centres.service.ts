import { Inject, Injectable } from '@nestjs/common';
import type { Centre, ListQuery, Page } from '@rayworks/contracts';
import {
  companyOf,
  forbidden,
  isUniqueViolation,
  SessionStore,
  UnitOfWork,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { renewPrincipalsAfterCommit } from '../access/principals-change.js';
import { usersReachingIn } from '../access/principals.repository.js';
import { wholeReach } from '../access/owner-scope.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { CentresRepository, type CentreInput } from './centres.repository.js';
import { GroupsRepository } from './groups.repository.js';
import { badRequest, notFound, ORG_MESSAGES } from './org.errors.js';
import { OrgPublisher } from './org.publisher.js';

/**
 * Centres: individual ones (no group) or a group's. Tenant-level users create and move any; a group-level user
 * creates and edits the centres of its own group; a centre-level user edits its own centres and cannot move them.
 */
@Injectable()
export class CentresService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(OrgPublisher) private readonly publisher: OrgPublisher,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  list(access: RequestAccess, q: ListQuery & { groupID?: string }): Promise<Page<Centre>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.centres.list(tx, access, q);
      return { items: items.map((c) => c.toCentre()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Centre> {
    return this.uow.read(access, async (tx) => {
      const centre = await this.centres.findVisible(tx, access, id);
      if (!centre) throw notFound(ORG_MESSAGES.centreNotFound);
      return centre.toCentre();
    });
  }

  async create(access: RequestAccess, input: CentreInput, client: ClientInfo): Promise<Centre> {
    const { principal } = access;
    if (principal.level === 'centre' || access.empty) throw forbidden();
    const wanted: CentreInput =
      principal.level === 'group' ? { ...input, groupID: input.groupID ?? principal.groupId } : input;
    return this.uniqueCode(() =>
      this.uow.change(access, async (tx) => {
        await this.checkGroup(tx, access, wanted.groupID);
        const id = await this.centres.insert(tx, companyOf(principal), wanted);
        renewPrincipalsAfterCommit(tx, this.sessions, await usersReachingIn(tx, [], [wanted.groupID ?? null]));
        const centre = (await this.centres.findVisible(tx, wholeReach(access), id))!;
        await this.publisher.centre(tx, centre, true);
        await tx.audit({ action: AUDIT_ACTIONS.centreCreate, target: { type: 'centre', id }, client });
        return centre.toCentre();
      }),
    );
  }

  async update(access: RequestAccess, input: CentreInput & { id: string }, client: ClientInfo): Promise<Centre> {
    const { principal } = access;
    return this.uniqueCode(() =>
      this.uow.change(access, async (tx) => {
        const current = await this.centres.findVisible(tx, access, input.id);
        if (!current) throw notFound(ORG_MESSAGES.centreNotFound);
        if (current.groupId !== input.groupID) {
          if (principal.level !== 'tenant') throw forbidden(ORG_MESSAGES.onlyTenantMovesCentres);
          await this.checkGroup(tx, access, input.groupID);
        }
        renewPrincipalsAfterCommit(
          tx,
          this.sessions,
          await usersReachingIn(tx, [input.id], [current.groupId, input.groupID]),
        );
        await this.centres.update(tx, input.id, input);
        const centre = (await this.centres.findVisible(tx, wholeReach(access), input.id))!;
        await this.publisher.centre(tx, centre, false);
        await tx.audit({ action: AUDIT_ACTIONS.centreUpdate, target: { type: 'centre', id: input.id }, client });
        return centre.toCentre();
      }),
    );
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<Centre> {
    return this.uow.change(access, async (tx) => {
      const current = await this.centres.findVisible(tx, access, id);
      if (!current) throw notFound(ORG_MESSAGES.centreNotFound);
      if (access.principal.level === 'centre') throw forbidden();
      await this.centres.setActive(tx, id, isActive);
      renewPrincipalsAfterCommit(tx, this.sessions, await usersReachingIn(tx, [id], [current.groupId]));
      const centre = (await this.centres.findVisible(tx, access, id))!;
      await this.publisher.centre(tx, centre, false);
      await tx.audit({
        action: AUDIT_ACTIONS.centreUpdate,
        target: { type: 'centre', id },
        client,
        details: { isActive },
      });
      return centre.toCentre();
    });
  }

  /** A centre goes only into an active group the caller reaches. */
  private async checkGroup(tx: ReadTx, access: RequestAccess, groupId: string | null): Promise<void> {
    if (groupId === null) {
      if (access.principal.level !== 'tenant') throw forbidden();
      return;
    }
    const group = await this.groups.findVisible(tx, { ...access, centreFilter: null }, groupId);
    if (!group) throw notFound(ORG_MESSAGES.groupNotFound);
    if (!group.isActive) throw badRequest(ORG_MESSAGES.groupInactive);
  }

  private async uniqueCode<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(ORG_MESSAGES.centreCodeTaken);
      throw error;
    }
  }
}
