import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Centre, ListQuery, Page } from '@rayworks/contracts';
import { forbidden, runInTenant, SessionStore, type RequestAccess } from '@rayworks/nest-kit';
import { isUniqueViolation, textOrNull } from '../../database/sql.js';
import { actorOf } from '../access/actor.js';
import type { ClientInfo } from '../access/client-info.js';
import { changingPrincipals, usersReaching } from '../access/principals-change.js';
import { wholeReach } from '../access/owner-scope.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CentresRepository, type CentreInput } from './centres.repository.js';
import { GroupsRepository } from './groups.repository.js';
import { toCentre } from './org.mappers.js';
import { badRequest, notFound, ORG_MESSAGES } from './org.errors.js';
import { OrgPublisher } from './org.publisher.js';

/**
 * Centres: individual ones (no group) or a group's. Tenant-level users create and move any; a group-level user
 * creates and edits the centres of its own group; a centre-level user edits its own centres and cannot move them.
 */
@Injectable()
export class CentresService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(OrgPublisher) private readonly publisher: OrgPublisher,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  list(access: RequestAccess, q: ListQuery & { groupID?: string }): Promise<Page<Centre>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.centres.list(m, access, q);
      return { items: items.map(toCentre), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Centre> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const row = await this.centres.findVisible(m, access, id);
      if (!row) throw notFound(ORG_MESSAGES.centreNotFound);
      return toCentre(row);
    });
  }

  async create(access: RequestAccess, input: CentreInput, client: ClientInfo): Promise<Centre> {
    const { principal } = access;
    if (principal.level === 'centre' || access.empty) throw forbidden();
    const wanted: CentreInput =
      principal.level === 'group' ? { ...input, groupID: input.groupID ?? principal.groupId } : input;
    return changingPrincipals(this.sessions, (affect) =>
      this.uniqueCode(() =>
        runInTenant(this.dataSource, principal.tenantId, async (m) => {
          await this.checkGroup(m, access, wanted.groupID);
          const id = await this.centres.insert(m, principal.tenantId, wanted);
          affect(await usersReaching(m, [], [wanted.groupID ?? null]));
          const centre = toCentre((await this.centres.findVisible(m, wholeReach(access), id))!);
          await this.publisher.centre(m, principal.tenantId, actorOf(principal), centre, true);
          await this.audit.append(m, {
            tenantId: principal.tenantId,
            actor: principal,
            action: AUDIT_ACTIONS.centreCreate,
            target: { type: 'centre', id },
            client,
          });
          return centre;
        }),
      ),
    );
  }

  async update(access: RequestAccess, input: CentreInput & { id: string }, client: ClientInfo): Promise<Centre> {
    const { principal } = access;
    return changingPrincipals(this.sessions, (affect) =>
      this.uniqueCode(() =>
        runInTenant(this.dataSource, principal.tenantId, async (m) => {
          const current = await this.centres.findVisible(m, access, input.id);
          if (!current) throw notFound(ORG_MESSAGES.centreNotFound);
          if ((current.group_id ?? null) !== input.groupID) {
            if (principal.level !== 'tenant') throw forbidden(ORG_MESSAGES.onlyTenantMovesCentres);
            await this.checkGroup(m, access, input.groupID);
          }
          affect(await usersReaching(m, [input.id], [textOrNull(current.group_id), input.groupID]));
          await this.centres.update(m, input.id, input);
          const centre = toCentre((await this.centres.findVisible(m, wholeReach(access), input.id))!);
          await this.publisher.centre(m, principal.tenantId, actorOf(principal), centre, false);
          await this.audit.append(m, {
            tenantId: principal.tenantId,
            actor: principal,
            action: AUDIT_ACTIONS.centreUpdate,
            target: { type: 'centre', id: input.id },
            client,
          });
          return centre;
        }),
      ),
    );
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<Centre> {
    const { principal } = access;
    return changingPrincipals(this.sessions, (affect) =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        const current = await this.centres.findVisible(m, access, id);
        if (!current) throw notFound(ORG_MESSAGES.centreNotFound);
        if (principal.level === 'centre') throw forbidden();
        await this.centres.setActive(m, id, isActive);
        affect(await usersReaching(m, [id], [textOrNull(current.group_id)]));
        const centre = toCentre((await this.centres.findVisible(m, access, id))!);
        await this.publisher.centre(m, principal.tenantId, actorOf(principal), centre, false);
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.centreUpdate,
          target: { type: 'centre', id },
          client,
          details: { isActive },
        });
        return centre;
      }),
    );
  }

  /** A centre goes only into an active group the caller reaches. */
  private async checkGroup(m: EntityManager, access: RequestAccess, groupId: string | null): Promise<void> {
    if (groupId === null) {
      if (access.principal.level !== 'tenant') throw forbidden();
      return;
    }
    const group = await this.groups.findVisible(m, { ...access, centreFilter: null }, groupId);
    if (!group) throw notFound(ORG_MESSAGES.groupNotFound);
    if (!group.is_active) throw badRequest(ORG_MESSAGES.groupInactive);
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
