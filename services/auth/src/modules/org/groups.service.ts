import { Inject, Injectable } from '@nestjs/common';
import type { Centre, Group, ListQuery, Page } from '@rayworks/contracts';
import {
  companyOf,
  forbidden,
  isUniqueViolation,
  SessionStore,
  UnitOfWork,
  type RequestAccess,
} from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { renewPrincipalsAfterCommit } from '../access/principals-change.js';
import { usersReachingIn } from '../access/principals.repository.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { CentresRepository } from './centres.repository.js';
import { GroupsRepository, type GroupInput } from './groups.repository.js';
import { badRequest, notFound, ORG_MESSAGES } from './org.errors.js';
import { OrgPublisher } from './org.publisher.js';

/**
 * Groups. Tenant-level users create groups and change any; a group-level user edits its own group; centre-level
 * users only read the groups of their centres.
 */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(OrgPublisher) private readonly publisher: OrgPublisher,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Group>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.groups.list(tx, access, q);
      return { items: items.map((g) => g.toGroup()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Group> {
    return this.uow.read(access, async (tx) => {
      const group = await this.groups.findVisible(tx, access, id);
      if (!group) throw notFound(ORG_MESSAGES.groupNotFound);
      return group.toGroup();
    });
  }

  async create(access: RequestAccess, input: GroupInput, client: ClientInfo): Promise<Group> {
    if (access.principal.level !== 'tenant') throw forbidden();
    return this.uniqueCode(() =>
      this.uow.change(access, async (tx) => {
        const id = await this.groups.insert(tx, companyOf(access.principal), input);
        const group = (await this.groups.findVisible(tx, access, id))!;
        await this.publisher.group(tx, group, true);
        await tx.audit({ action: AUDIT_ACTIONS.groupCreate, target: { type: 'group', id }, client });
        return group.toGroup();
      }),
    );
  }

  update(access: RequestAccess, input: GroupInput & { id: string }, client: ClientInfo): Promise<Group> {
    return this.uniqueCode(() =>
      this.uow.change(access, async (tx) => {
        if (!(await this.groups.findVisible(tx, access, input.id))) throw notFound(ORG_MESSAGES.groupNotFound);
        if (access.principal.level === 'centre') throw forbidden();
        await this.groups.update(tx, input.id, input);
        const group = (await this.groups.findVisible(tx, access, input.id))!;
        await this.publisher.group(tx, group, false);
        await tx.audit({ action: AUDIT_ACTIONS.groupUpdate, target: { type: 'group', id: input.id }, client });
        return group.toGroup();
      }),
    );
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<Group> {
    // A group's status is not in any token (its users reach its active centres either way): no renewal.
    return this.uow.change(access, async (tx) => {
      if (!(await this.groups.findVisible(tx, access, id))) throw notFound(ORG_MESSAGES.groupNotFound);
      if (access.principal.level !== 'tenant') throw forbidden();
      await this.groups.setActive(tx, id, isActive);
      const group = (await this.groups.findVisible(tx, access, id))!;
      await this.publisher.group(tx, group, false);
      await tx.audit({
        action: AUDIT_ACTIONS.groupUpdate,
        target: { type: 'group', id },
        client,
        details: { isActive },
      });
      return group.toGroup();
    });
  }

  /** Puts a centre into a group (an individual centre joins one, or a centre moves). */
  addCentre(access: RequestAccess, groupId: string, centreId: string, client: ClientInfo): Promise<Centre> {
    return this.uow.change(access, async (tx) => {
      const group = await this.groups.findVisible(tx, access, groupId);
      if (!group) throw notFound(ORG_MESSAGES.groupNotFound);
      const current = await this.centres.findVisible(tx, access, centreId);
      if (!current) throw notFound(ORG_MESSAGES.centreNotFound);
      if (access.principal.level === 'centre') throw forbidden();
      if (!group.isActive) throw badRequest(ORG_MESSAGES.groupInactive);
      // the centre's users, and the users of the group it leaves and of the group it joins
      renewPrincipalsAfterCommit(tx, this.sessions, await usersReachingIn(tx, [centreId], [current.groupId, groupId]));
      await this.centres.setGroup(tx, centreId, groupId);
      const centre = (await this.centres.findVisible(tx, access, centreId))!;
      await this.publisher.centre(tx, centre, false);
      await tx.audit({
        action: AUDIT_ACTIONS.centreUpdate,
        target: { type: 'centre', id: centreId },
        client,
        details: { groupId },
      });
      return centre.toCentre();
    });
  }

  private async uniqueCode<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(ORG_MESSAGES.groupCodeTaken);
      throw error;
    }
  }
}
