import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { AvailabilityChangedPayload, UserPayload } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { DirectoryCentreEntity } from './directory-centre.entity.js';
import { DirectoryUserEntity } from './directory-user.entity.js';

/** The read models of auth's users and org units: written by the consumer, read for names and placement. */
@Injectable()
export class DirectoryRepository {
  /**
   * A user as UserCreated / UserUpdated carries it (availability is kept: it comes from its own topic). `tenantId`
   * null: a user of the platform (no company), written in the platform context, read by every company
   * (docs/decisions/0201).
   */
  async upsertUser(manager: EntityManager, tenantId: string | null, u: UserPayload): Promise<void> {
    await manager.query(
      `INSERT INTO cases.users (id, tenant_id, login_name, full_name, role_codes, group_id, centre_ids, specializations, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET login_name = EXCLUDED.login_name, full_name = EXCLUDED.full_name,
         role_codes = EXCLUDED.role_codes, group_id = EXCLUDED.group_id, centre_ids = EXCLUDED.centre_ids,
         specializations = CASE WHEN $10::boolean THEN EXCLUDED.specializations ELSE cases.users.specializations END,
         is_active = EXCLUDED.is_active, updated_at = now()`,
      [
        u.userId,
        tenantId,
        u.loginName,
        u.fullName,
        u.roleCodes,
        u.groupId,
        u.centreIds,
        u.specializations ?? [],
        u.isActive,
        u.specializations !== undefined,
      ],
    );
  }

  /**
   * Online / offline. The availability topic is not ordered with the users topic: a user not known yet gets a
   * row with its placement and empty names, which its UserCreated fills in.
   */
  async setAvailability(
    manager: EntityManager,
    tenantId: string | null,
    a: AvailabilityChangedPayload,
    at: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO cases.users (id, tenant_id, login_name, full_name, role_codes, group_id, centre_ids, is_available, availability_changed_at)
       VALUES ($1, $2, '', '', $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET is_available = EXCLUDED.is_available,
         availability_changed_at = EXCLUDED.availability_changed_at, updated_at = now()
       WHERE cases.users.availability_changed_at IS NULL OR cases.users.availability_changed_at <= EXCLUDED.availability_changed_at`,
      [a.userId, tenantId, a.roleCodes, a.groupId, a.centreIds, a.isAvailability, at],
    );
  }

  users(tx: ReadTx, ids: readonly string[]): Promise<DirectoryUserEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : tx.repo(DirectoryUserEntity).findBy({ id: In([...ids]) });
  }

  user(tx: ReadTx, id: string): Promise<DirectoryUserEntity | null> {
    return tx.repo(DirectoryUserEntity).findOneBy({ id });
  }

  centres(tx: ReadTx, ids: readonly string[]): Promise<DirectoryCentreEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : tx.repo(DirectoryCentreEntity).findBy({ id: In([...ids]) });
  }

  centre(tx: ReadTx, id: string): Promise<DirectoryCentreEntity | null> {
    return tx.repo(DirectoryCentreEntity).findOneBy({ id, kind: 'centre' });
  }

  group(tx: ReadTx, id: string): Promise<DirectoryCentreEntity | null> {
    return tx.repo(DirectoryCentreEntity).findOne({ where: { id, kind: 'group' } });
  }

  /** A fusion centre (a centre marked fusion), or null. */
  fusionCentre(tx: ReadTx, id: string): Promise<DirectoryCentreEntity | null> {
    return tx.repo(DirectoryCentreEntity).findOne({ where: { id, kind: 'centre', isFusion: true } });
  }

  /** The names of users and centres, by id, for worklist rows. */
  async names(
    tx: ReadTx,
    userIds: readonly (string | null)[],
    centreIds: readonly (string | null)[],
  ): Promise<DirectoryNames> {
    const present = (ids: readonly (string | null)[]) => [...new Set(ids.filter((i): i is string => i !== null))];
    const [users, centres] = await Promise.all([
      this.users(tx, present(userIds)),
      this.centres(tx, present(centreIds)),
    ]);
    return {
      users: new Map(users.map((u) => [u.id, u.fullName || u.loginName])),
      centres: new Map(centres.map((c) => [c.id, c.name])),
    };
  }
}

/** Names by id (users: full name; centres: name). */
export interface DirectoryNames {
  users: ReadonlyMap<string, string>;
  centres: ReadonlyMap<string, string>;
}
