import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Centre, Group, ListQuery, Page } from '@rayworks/contracts';
import { forbidden, runInTenant, SessionStore, type RequestAccess } from '@rayworks/nest-kit';
import { isUniqueViolation, textOrNull } from '../../database/sql.js';
import type { ClientInfo } from '../access/client-info.js';
import { changingPrincipals, usersReaching } from '../access/principals-change.js';
import { actorOf } from '../access/actor.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CentresRepository } from './centres.repository.js';
import { GroupsRepository, type GroupInput } from './groups.repository.js';
import { toCentre, toGroup } from './org.mappers.js';
import { badRequest, notFound, ORG_MESSAGES } from './org.errors.js';
import { OrgPublisher } from './org.publisher.js';

/**
 * Groups. Tenant-level users create groups and change any; a group-level user edits its own group; centre-level
 * users only read the groups of their centres.
 */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(OrgPublisher) private readonly publisher: OrgPublisher,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Group>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.groups.list(m, access, q);
      return { items: items.map(toGroup), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Group> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const row = await this.groups.findVisible(m, access, id);
      if (!row) throw notFound(ORG_MESSAGES.groupNotFound);
      return toGroup(row);
    });
  }

  async create(access: RequestAccess, input: GroupInput, client: ClientInfo): Promise<Group> {
    const { principal } = access;
    if (principal.level !== 'tenant') throw forbidden();
    return this.uniqueCode(() =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        const id = await this.groups.insert(m, principal.tenantId, input);
        const group = toGroup((await this.groups.findVisible(m, access, id))!);
        await this.publisher.group(m, principal.tenantId, actorOf(principal), group, true);
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.groupCreate,
          target: { type: 'group', id },
          client,
        });
        return group;
      }),
    );
  }

  async update(access: RequestAccess, input: GroupInput & { id: string }, client: ClientInfo): Promise<Group> {
    const { principal } = access;
    return this.uniqueCode(() =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        if (!(await this.groups.findVisible(m, access, input.id))) throw notFound(ORG_MESSAGES.groupNotFound);
        if (principal.level === 'centre') throw forbidden();
        await this.groups.update(m, input.id, input);
        const group = toGroup((await this.groups.findVisible(m, access, input.id))!);
        await this.publisher.group(m, principal.tenantId, actorOf(principal), group, false);
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.groupUpdate,
          target: { type: 'group', id: input.id },
          client,
        });
        return group;
      }),
    );
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<Group> {
    const { principal } = access;
    // A group's status is not in any token (its users reach its active centres either way): no renewal.
    return runInTenant(this.dataSource, principal.tenantId, async (m) => {
      if (!(await this.groups.findVisible(m, access, id))) throw notFound(ORG_MESSAGES.groupNotFound);
      if (principal.level !== 'tenant') throw forbidden();
      await this.groups.setActive(m, id, isActive);
      const group = toGroup((await this.groups.findVisible(m, access, id))!);
      await this.publisher.group(m, principal.tenantId, actorOf(principal), group, false);
      await this.audit.append(m, {
        tenantId: principal.tenantId,
        actor: principal,
        action: AUDIT_ACTIONS.groupUpdate,
        target: { type: 'group', id },
        client,
        details: { isActive },
      });
      return group;
    });
  }

  /** Puts a centre into a group (an individual centre joins one, or a centre moves). */
  addCentre(access: RequestAccess, groupId: string, centreId: string, client: ClientInfo): Promise<Centre> {
    const { principal } = access;
    return changingPrincipals(this.sessions, (affect) =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        const group = await this.groups.findVisible(m, access, groupId);
        if (!group) throw notFound(ORG_MESSAGES.groupNotFound);
        const current = await this.centres.findVisible(m, access, centreId);
        if (!current) throw notFound(ORG_MESSAGES.centreNotFound);
        if (principal.level === 'centre') throw forbidden();
        if (!group.is_active) throw badRequest(ORG_MESSAGES.groupInactive);
        // the centre's users, and the users of the group it leaves and of the group it joins
        affect(await usersReaching(m, [centreId], [textOrNull(current.group_id), groupId]));
        await this.centres.setGroup(m, centreId, groupId);
        const centre = toCentre((await this.centres.findVisible(m, access, centreId))!);
        await this.publisher.centre(m, principal.tenantId, actorOf(principal), centre, false);
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.centreUpdate,
          target: { type: 'centre', id: centreId },
          client,
          details: { groupId },
        });
        return centre;
      }),
    );
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
