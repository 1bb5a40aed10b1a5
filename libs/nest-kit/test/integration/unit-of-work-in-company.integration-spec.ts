import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Column, Entity, PrimaryGeneratedColumn, type DataSource, type QueryRunner } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import { z } from 'zod';
import type { EventDefinition, Topic } from '@rayworks/contracts';
import { withOwnerClient } from '@rayworks/testing';
import {
  AuditLog,
  auditLogRevokeStatement,
  createAuditLogTable,
  createDataSource,
  createEventTables,
  createJobOutboxAndWakeups,
  enableTenantRls,
  JobOutbox,
  OutboxPublisher,
  PRINCIPAL_LEVEL_SETTING,
  TENANT_SETTING,
  USER_SETTING,
  UnitOfWork,
  type Principal,
  type ReadTx,
  type RequestAccess,
} from '../../src/index.js';
import { createScratchSchema } from '../support/scratch-schema.js';

/** A case of a company; a marketplace reader sees the cases assigned to it (as cases.cases' marketplace policy). */
@Entity({ name: 'cases' })
class CaseRow {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'assignee_id', type: 'uuid', nullable: true })
  assigneeId!: string | null;

  @Column({ type: 'text' })
  name!: string;
}

/** A note on a case, written in the case's company; the policies require its author to be the caller. */
@Entity({ name: 'notes' })
class NoteRow {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId!: string;

  @Column({ name: 'author_level', type: 'text' })
  authorLevel!: string;
}

const NoteWritten: EventDefinition<z.ZodObject<{ caseId: z.ZodString }>> = {
  type: 'NoteWritten',
  version: 1,
  topic: 'it.uow.notes.v1' as Topic,
  schema: z.object({ caseId: z.string() }),
};

const principal = (tenantId: string | null, level: string): Principal => {
  const userId = uuidv4();
  return {
    userId,
    tenantId,
    loginName: `user.${userId.slice(0, 8)}`,
    roleCodes: [],
    groupId: null,
    centreIds: [],
    grants: {},
    sessionId: uuidv4(),
    level: level as Principal['level'],
    resetPassword: false,
    principalVersion: 0,
  };
};

const accessOf = (p: Principal): RequestAccess => ({
  principal: p,
  groupFilter: null,
  centreFilter: null,
  empty: false,
  submoduleType: null,
  subscriptionType: null,
  sessionEnabled: false,
});

const setting = (name: string) => `NULLIF(current_setting('${name}', true), '')`;

/**
 * `{ inCompany }` of the unit of work (docs/decisions/0225-act-in-a-company.md) on the real PostgreSQL, as a
 * service's runtime role sees it: a caller of no company (a marketplace radiologist) or of another company (the
 * fusion side) works in a case's company as itself — tenant of that company, the caller's user and level for the
 * policies, the caller as the events' actor and the audit entries' user — and `tx.asCaller` reads under the caller's
 * own row-level security inside it.
 */
describe('UnitOfWork in a company', () => {
  const company = uuidv4();
  const other = uuidv4();
  const radiologist = principal(null, 'marketplace');
  const fusionUser = principal(other, 'tenant');
  const companyAdmin = principal(company, 'tenant');
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let ds: DataSource;
  let uow: UnitOfWork;
  let assignedCase: string;
  let otherCase: string;

  /** As the owner (subject to the forced policies too), in a tenant's context. */
  const owner = <T>(sql: string, params: unknown[], tenant: string) =>
    withOwnerClient(async (c) => {
      await c.query('BEGIN');
      await c.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant]);
      const rows = (await c.query(sql, params)).rows as T[];
      await c.query('COMMIT');
      return rows;
    });
  /** What row-level security sees in the transaction the work runs in. */
  const contextOf = async (tx: ReadTx) =>
    (
      (await tx.manager.query(
        `SELECT ${setting(TENANT_SETTING)} AS tenant, ${setting(USER_SETTING)} AS "user",
                ${setting(PRINCIPAL_LEVEL_SETTING)} AS level`,
      )) as { tenant: string | null; user: string | null; level: string | null }[]
    )[0];
  const namesOf = async (tx: ReadTx) => (await tx.repo(CaseRow).find()).map((c) => c.name).sort();

  beforeAll(async () => {
    scratch = await createScratchSchema('it_uow_company', async (schema, client) => {
      const runner = client as unknown as QueryRunner;
      await createEventTables(runner, schema);
      await createJobOutboxAndWakeups(runner, schema);
      await createAuditLogTable(runner, schema);
      await client.query(`CREATE TABLE ${schema}.cases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(), tenant_id uuid NOT NULL, assignee_id uuid, name text NOT NULL)`);
      await enableTenantRls(runner, `${schema}.cases`);
      await client.query(`CREATE POLICY marketplace_reach ON ${schema}.cases FOR SELECT USING (
        ${setting(PRINCIPAL_LEVEL_SETTING)} = 'marketplace' AND assignee_id = ${setting(USER_SETTING)}::uuid)`);
      await client.query(`CREATE TABLE ${schema}.notes (
        id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, tenant_id uuid NOT NULL, case_id uuid NOT NULL,
        author_id uuid NOT NULL, author_level text NOT NULL)`);
      await enableTenantRls(runner, `${schema}.notes`);
      // a note is written by the caller the policies see, at the level they see
      await client.query(`CREATE POLICY author_is_caller ON ${schema}.notes AS RESTRICTIVE FOR INSERT WITH CHECK (
        author_id = ${setting(USER_SETTING)}::uuid AND author_level = ${setting(PRINCIPAL_LEVEL_SETTING)})`);
      await client.query(auditLogRevokeStatement(schema, 'rayworks_it_uow_company'));
    });
    ds = await createDataSource(
      scratch.roleUrl,
      { schema: scratch.schema, entities: [CaseRow, NoteRow], migrations: [] },
      'it-uow-company',
    ).initialize();
    uow = new UnitOfWork(
      ds,
      new OutboxPublisher(scratch.schema),
      new AuditLog(scratch.schema),
      new JobOutbox(scratch.schema),
    );
    const system = { tenantId: company, actor: { type: 'system' as const, id: 'it' } };
    [assignedCase, otherCase] = await uow.change(system, async (tx) => {
      const a = await tx.repo(CaseRow).save({ tenantId: company, assigneeId: radiologist.userId, name: 'assigned' });
      const b = await tx.repo(CaseRow).save({ tenantId: company, assigneeId: null, name: 'unassigned' });
      return [a.id, b.id];
    });
    await uow.change({ tenantId: other, actor: { type: 'system', id: 'it' } }, async (tx) => {
      await tx.repo(CaseRow).save({ tenantId: other, assigneeId: uuidv4(), name: 'of the other company' });
    });
  });

  afterAll(async () => {
    await ds?.destroy();
    await scratch?.drop();
  });

  it("reaches only what the caller's own row-level security shows it without the option", async () => {
    expect(await uow.read(accessOf(radiologist), namesOf)).toEqual(['assigned']);
    // and cannot write in the case's company as itself: its tenant is none
    await expect(
      uow.change(accessOf(radiologist), (tx) =>
        tx.repo(NoteRow).insert({
          tenantId: company,
          caseId: assignedCase,
          authorId: radiologist.userId,
          authorLevel: 'marketplace',
        }),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it("changes rows in the company as the caller: the company's tenant, the caller's user and level for the policies", async () => {
    const seen = await uow.change(
      accessOf(radiologist),
      async (tx) => {
        await tx.repo(NoteRow).insert({
          tenantId: company,
          caseId: assignedCase,
          authorId: radiologist.userId,
          authorLevel: 'marketplace',
        });
        await tx.publish(NoteWritten, assignedCase, { caseId: assignedCase });
        await tx.audit({ action: 'NOTE_WRITE', target: { type: 'case', id: assignedCase } });
        return { context: await contextOf(tx), names: await namesOf(tx), tenantId: tx.tenantId, actor: tx.actor };
      },
      { inCompany: company },
    );
    expect(seen).toEqual({
      context: { tenant: company, user: radiologist.userId, level: 'marketplace' },
      // the company's cases, none of another company's
      names: ['assigned', 'unassigned'],
      tenantId: company,
      actor: { type: 'user', id: radiologist.userId },
    });
    expect(
      await owner<{ tenant_id: string; author_id: string }>(
        `SELECT tenant_id, author_id FROM ${scratch.schema}.notes WHERE case_id = $1`,
        [assignedCase],
        company,
      ),
    ).toEqual([{ tenant_id: company, author_id: radiologist.userId }]);
    const [event] = await owner<{ envelope: Record<string, unknown> }>(
      `SELECT envelope FROM ${scratch.schema}.outbox WHERE message_key = $1`,
      [assignedCase],
      company,
    );
    expect(event?.envelope).toMatchObject({ tenantId: company, actor: { type: 'user', id: radiologist.userId } });
    const [entry] = await owner<Record<string, unknown>>(
      `SELECT tenant_id, actor_id, actor_login, action FROM ${scratch.schema}.audit_log WHERE target_id = $1`,
      [assignedCase],
      company,
    );
    expect(entry).toEqual({
      tenant_id: company,
      actor_id: radiologist.userId,
      actor_login: radiologist.loginName,
      action: 'NOTE_WRITE',
    });
  });

  it('is still under the policies there: a note naming someone else as its author is refused, nothing written', async () => {
    await expect(
      uow.change(
        accessOf(fusionUser),
        async (tx) => {
          await tx.audit({ action: 'FORGED_NOTE', target: { type: 'case', id: otherCase } });
          await tx.repo(NoteRow).insert({
            tenantId: company,
            caseId: otherCase,
            authorId: companyAdmin.userId,
            authorLevel: 'tenant',
          });
        },
        { inCompany: company },
      ),
    ).rejects.toThrow(/row-level security/);
    expect(await owner(`SELECT 1 FROM ${scratch.schema}.audit_log WHERE action = 'FORGED_NOTE'`, [], company)).toEqual(
      [],
    );
  });

  it("runs a load under the caller's own context with tx.asCaller, then returns to the company", async () => {
    const seen = await uow.change(
      accessOf(radiologist),
      async (tx) => {
        const mine = await tx.asCaller(async (own) => ({
          context: await contextOf(own),
          names: await namesOf(own),
          tenantId: own.tenantId,
        }));
        return { mine, after: await contextOf(tx), names: await namesOf(tx) };
      },
      { inCompany: company },
    );
    expect(seen.mine).toEqual({
      context: { tenant: null, user: radiologist.userId, level: 'marketplace' },
      // its own reach: the case assigned to it, not the company's others
      names: ['assigned'],
      tenantId: null,
    });
    expect(seen.after).toEqual({ tenant: company, user: radiologist.userId, level: 'marketplace' });
    expect(seen.names).toEqual(['assigned', 'unassigned']);
  });

  it('refuses publish, audit and enqueue inside tx.asCaller, and a nested tx.asCaller', async () => {
    const refusals = await uow.change(
      accessOf(fusionUser),
      (tx) =>
        tx.asCaller(async () => {
          const refused: string[] = [];
          for (const write of [
            () => tx.publish(NoteWritten, otherCase, { caseId: otherCase }),
            () => tx.audit({ action: 'INSIDE' }),
            () => tx.enqueue('authMail', { kind: 'welcome', userId: fusionUser.userId }),
          ]) {
            try {
              await write();
            } catch (error) {
              refused.push((error as Error).message);
            }
          }
          await tx.asCaller(async () => undefined).catch((error: Error) => refused.push(error.message));
          return refused;
        }),
      { inCompany: company },
    );
    expect(refusals).toEqual([
      expect.stringMatching(/tx.publish was called inside tx.asCaller/),
      expect.stringMatching(/tx.audit was called inside tx.asCaller/),
      expect.stringMatching(/tx.enqueue was called inside tx.asCaller/),
      expect.stringMatching(/does not nest/),
    ]);
  });

  it('reads in the company as the caller, and records the audited read there with the caller as its user', async () => {
    const target = uuidv4();
    const names = await uow.read(accessOf(fusionUser), namesOf, {
      inCompany: company,
      audit: { action: 'CASE_READ', target: { type: 'case', id: target } },
    });
    expect(names).toEqual(['assigned', 'unassigned']);
    const entries = await owner<Record<string, unknown>>(
      `SELECT tenant_id, actor_id, actor_login FROM ${scratch.schema}.audit_log WHERE target_id = $1`,
      [target],
      company,
    );
    expect(entries).toEqual([{ tenant_id: company, actor_id: fusionUser.userId, actor_login: fusionUser.loginName }]);
    // the caller's own company is the plain unit of work: it sees its own company's rows
    expect(await uow.read(accessOf(fusionUser), namesOf, { inCompany: other })).toEqual(['of the other company']);
  });

  it("is the plain unit of work in the caller's own company (asCaller runs the load as is)", async () => {
    const seen = await uow.change(
      accessOf(companyAdmin),
      async (tx) => ({ own: await tx.asCaller((own) => contextOf(own)), names: await namesOf(tx) }),
      { inCompany: company },
    );
    expect(seen).toEqual({
      own: { tenant: company, user: companyAdmin.userId, level: 'tenant' },
      names: ['assigned', 'unassigned'],
    });
  });

  it('runs only a caller in another company: a scope without one is refused', async () => {
    const system = { tenantId: other, actor: { type: 'system' as const, id: 'it' } };
    await expect(uow.change(system, async () => undefined, { inCompany: company })).rejects.toThrow(
      /inCompany runs the work as a caller/,
    );
    await expect(uow.read({ tenantId: other }, async () => undefined, { inCompany: company })).rejects.toThrow(
      /inCompany runs the work as a caller/,
    );
  });
});
