import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import type { z } from 'zod';
import type { EventActor, EventDefinition, EventEnvelope, JobName, JobPayloadInput } from '@rayworks/contracts';
import type { RequestAccess } from '../auth/request-access.js';
import type { Principal } from '../auth/principal.js';
import { OutboxPublisher, type OutboxRow } from '../events/outbox.publisher.js';
import { JobOutbox, type RecordedJob, type RecordJobOptions } from '../jobs/job-outbox.js';
import { AuditLog, type AuditActor, type AuditClient, type AuditRecord } from './audit-log.js';
import { setTenant, type DbContext } from './tenant-context.js';

/**
 * Who a unit of work runs for when there is no request (a consumer, a worker, provisioning, a login before the
 * token exists): the tenant whose rows it sees (null: the platform context, which sees no tenant's rows), the actor
 * of its events, and the user its audit entries name (if any).
 */
export interface TenantScope {
  tenantId: string | null;
  actor: EventActor;
  user?: AuditActor | null;
  /**
   * The user and principal level row-level security sees (app.user_id, app.principal_level); a request's come from
   * its principal. E.g. a marketplace radiologist's change runs in the case's company with their id and level.
   */
  rls?: { userId: string; level: string } | null;
}

/** An audit entry of a change: tenant and actor come from the unit of work unless `actor` names someone else. */
export interface AuditInput {
  action: string;
  target?: { type: string; id: string } | null;
  details?: Record<string, unknown>;
  client?: AuditClient | null;
  /** Overrides the user of the unit of work (e.g. a login names the user it signs in, before a token exists). */
  actor?: AuditActor | null;
}

/**
 * Options of a read. `audit`: the read is recorded in the service's audit log in its own transaction, after the work
 * returned (a read that fails records nothing; an entry that cannot be written fails the read, so nothing is read
 * unrecorded). Every read of patient data passes it (docs/adding-a-module.md, docs/decisions/0077); `target` may be
 * computed from the result (e.g. the study that was found).
 */
export interface ReadOptions extends CompanyOption {
  audit?: Omit<AuditInput, 'target'> & {
    target?: { type: string; id: string } | null | ((result: unknown) => { type: string; id: string } | null);
  };
}

/**
 * Where a unit of work runs when that is not the caller's own company (docs/decisions/0225-act-in-a-company.md).
 * `inCompany`: the work runs in that company (its tenant is the one row-level security sees, and the tenant of the
 * events, audit entries and jobs) as the caller: the actor of its events and the user of its audit entries are the
 * caller, and the policies see the caller's own user id and principal level — e.g. a marketplace radiologist (of no
 * company) or the fusion side writing about a case of another company. The caller must first have reached the thing
 * it acts on under its own row-level security (404 otherwise); only a request's caller may act in another company.
 * The caller's own company, or undefined, is the plain unit of work.
 */
export interface CompanyOption {
  inCompany?: string;
}

/** Options of a change. */
export type ChangeOptions = CompanyOption;

const auditUserOf = (who: RequestAccess | { tenantId: string | null }): AuditActor | null => {
  if ('principal' in who) return { userId: who.principal.userId, loginName: who.principal.loginName };
  if ('sessionId' in who && 'userId' in who && 'loginName' in who)
    return { userId: String(who.userId), loginName: String(who.loginName) };
  if ('user' in who) return (who as TenantScope).user ?? null;
  return null;
};

export interface PublishExtra {
  causationId?: string | null;
}

/** What a change may say about a job it starts (`tx.enqueue`); its tenant is the change's. */
export type EnqueueInTxOptions = Pick<RecordJobOptions, 'delayMs' | 'deduplication'>;

/** What a read sees: one READ ONLY transaction with the tenant set for row-level security. */
export interface ReadTx {
  readonly manager: EntityManager;
  readonly tenantId: string | null;
  /** A typed TypeORM repository on this transaction (the entity must be in the service's `database.entities`). */
  repo<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E>;
}

/**
 * What a change may do, all in one transaction: change rows (manager, typed repositories), write outbox events and
 * audit entries, and start jobs. Nothing is written if the work throws. Every write method refuses once the change
 * has ended. The change's events and audit entries are written when its work returns (and before `asCaller`), each
 * kind in one statement, in the order they were asked: the work does not read them back in its own transaction.
 */
export interface ChangeTx extends ReadTx {
  readonly actor: EventActor;
  /**
   * Writes an event into the outbox, in this transaction: the payload is parsed by the event's schema at the call
   * (a bad one rejects at once and fails the change); the row is written with the change's other events, in one
   * statement when the work returns, in call order (the relay publishes by the outbox id).
   */
  publish<S extends z.ZodType>(
    definition: EventDefinition<S>,
    key: string,
    payload: z.input<S>,
    extra?: PublishExtra,
  ): Promise<EventEnvelope<z.output<S>>>;
  /**
   * Appends an entry to the service's audit log, in this transaction: written with the change's other entries, in
   * one statement when the work returns, in call order.
   */
  audit(entry: AuditInput): Promise<void>;
  /**
   * Starts a job (JOBS in libs/contracts) if and only if this change commits: the job is recorded in the service's
   * job outbox in this transaction (payload parsed by the job's schema, tenant of the change) and the job relay
   * hands it to its queue after the commit (docs/decisions/0038). `options.delayMs`: the job runs no sooner than that
   * long after this change (a delayed job, e.g. an escalation; docs/decisions/0188). `options.deduplication`: at most
   * one job per its id in its `ttlMs` (work asked for again and again, e.g. a PDF the console polls for).
   */
  enqueue<TName extends JobName>(
    job: TName,
    payload: JobPayloadInput<TName>,
    options?: EnqueueInTxOptions,
  ): Promise<RecordedJob>;
  /** Runs after the commit (never after a rollback), before the change's caller gets its result; failures reach the caller. */
  afterCommit(callback: () => unknown): void;
  /**
   * Runs `load` under the caller's own context (its company, user and level: its own row-level security) inside a
   * change opened with `inCompany`, then returns to the company: e.g. the transition runner loads, locked, the case
   * the caller reaches, and writes in the case's company. `load` only reads (a ReadTx); publish, audit and enqueue
   * are refused while it runs. Without `inCompany` (or in the caller's own company) it simply runs `load`.
   */
  asCaller<T>(load: (tx: ReadTx) => Promise<T>): Promise<T>;
}

const actorOfPrincipal = (principal: Principal): TenantScope => ({
  tenantId: principal.tenantId,
  actor: { type: 'user', id: principal.userId },
  user: { userId: principal.userId, loginName: principal.loginName },
  rls: { userId: principal.userId, level: principal.level },
});

/** The user and level row-level security sees for a scope (none for the system without a principal). */
const dbWhoOf = (scope: TenantScope) => ({ userId: scope.rls?.userId ?? null, level: scope.rls?.level ?? null });

/** RequestAccess, a principal, or an explicit scope. */
export type UnitScope = RequestAccess | Principal | TenantScope;

const callerOf = (who: UnitScope | { tenantId: string | null }): Principal | null =>
  'principal' in who ? who.principal : 'sessionId' in who ? (who as Principal) : null;

function scopeOf(who: UnitScope): TenantScope {
  const caller = callerOf(who);
  return caller ? actorOfPrincipal(caller) : (who as TenantScope);
}

/**
 * The scope of a unit of work with its CompanyOption, and the caller's own context when the work moved to another
 * company (null otherwise).
 */
function scopeIn(who: UnitScope, inCompany: string | undefined): { scope: TenantScope; caller: DbContext | null } {
  const scope = scopeOf(who);
  if (inCompany === undefined || inCompany === scope.tenantId) return { scope, caller: null };
  const caller = callerOf(who);
  if (!caller) throw new Error('inCompany runs the work as a caller: pass the request access (or principal)');
  return {
    scope: { ...scope, tenantId: inCompany },
    caller: { tenantId: caller.tenantId, userId: caller.userId, level: caller.level },
  };
}

/** Who a read with `inCompany` runs as: the caller in that company (a scope without a caller stays where it is). */
function readerIn(
  who: RequestAccess | { tenantId: string | null },
  inCompany: string,
): RequestAccess | TenantScope | { tenantId: string | null } {
  if ('principal' in who) return scopeIn(who, inCompany).scope;
  if (who.tenantId === inCompany) return who;
  throw new Error('inCompany runs the work as a caller: pass the request access');
}

class ReadContext implements ReadTx {
  constructor(
    readonly manager: EntityManager,
    readonly tenantId: string | null,
  ) {}

  repo<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E> {
    return this.manager.getRepository(entity);
  }
}

class ChangeContext extends ReadContext implements ChangeTx {
  private open = true;
  /** True while asCaller runs its load under the caller's own context. */
  private asItself = false;
  private readonly pending: Promise<unknown>[] = [];
  /** Outbox rows and audit entries asked for and not written yet (flush). */
  private readonly events: OutboxRow[] = [];
  private readonly entries: AuditRecord[] = [];
  readonly committed: (() => unknown)[] = [];

  constructor(
    manager: EntityManager,
    private readonly scope: TenantScope,
    private readonly outbox: OutboxPublisher,
    private readonly auditLog: AuditLog,
    private readonly jobs: JobOutbox,
    /** False when the unit joined a transaction it does not commit (it cannot know when that one commits). */
    private readonly ownsCommit = true,
    /** The caller's own context when the change runs in another company (CompanyOption), else null. */
    private readonly caller: DbContext | null = null,
  ) {
    super(manager, scope.tenantId);
  }

  get actor(): EventActor {
    return this.scope.actor;
  }

  publish<S extends z.ZodType>(
    definition: EventDefinition<S>,
    key: string,
    payload: z.input<S>,
    extra: PublishExtra = {},
  ): Promise<EventEnvelope<z.output<S>>> {
    return this.track('publish', async () => {
      const { envelope, row } = this.outbox.build(definition, {
        key,
        payload,
        tenantId: this.scope.tenantId,
        actor: this.scope.actor,
        causationId: extra.causationId,
      });
      this.events.push(row);
      return envelope;
    });
  }

  audit(entry: AuditInput): Promise<void> {
    return this.track('audit', async () => {
      this.entries.push({
        tenantId: this.scope.tenantId,
        actor: entry.actor === undefined ? (this.scope.user ?? null) : entry.actor,
        action: entry.action,
        target: entry.target ?? null,
        client: entry.client ?? null,
        details: entry.details,
      });
    });
  }

  enqueue<TName extends JobName>(
    job: TName,
    payload: JobPayloadInput<TName>,
    options: EnqueueInTxOptions = {},
  ): Promise<RecordedJob> {
    return this.track('enqueue', () =>
      this.jobs.record(this.manager, job, payload, {
        tenantId: this.scope.tenantId,
        delayMs: options.delayMs,
        deduplication: options.deduplication,
      }),
    );
  }

  afterCommit(callback: () => unknown): void {
    this.ensureOpen('afterCommit');
    if (!this.ownsCommit)
      throw new Error('tx.afterCommit is not available in a joined transaction: its owner commits it');
    this.committed.push(callback);
  }

  async asCaller<T>(load: (tx: ReadTx) => Promise<T>): Promise<T> {
    this.ensureOpen('asCaller');
    const caller = this.caller;
    if (!caller) return load(this);
    if (this.asItself) throw new Error('tx.asCaller is already running: it does not nest');
    // writes already asked for belong to the company: they are written in its context before the switch
    await this.settle();
    await this.flush();
    this.asItself = true;
    try {
      await setTenant(this.manager, caller.tenantId, caller);
      return await load(new ReadContext(this.manager, caller.tenantId));
    } finally {
      await setTenant(this.manager, this.scope.tenantId, dbWhoOf(this.scope));
      this.asItself = false;
    }
  }

  /**
   * The work has returned: waits for writes it did not await, refuses any further write, then writes the events
   * and audit entries asked for (a failure fails the change).
   */
  async close(): Promise<void> {
    await this.settle();
    this.open = false;
    await this.flush();
  }

  /** Writes the buffered outbox rows and audit entries: one statement per kind, in the order they were asked. */
  private async flush(): Promise<void> {
    await this.outbox.write(this.manager, this.events.splice(0));
    await this.auditLog.appendAll(this.manager, this.entries.splice(0));
  }

  /** Waits for every write started so far (and those started while waiting). */
  private async settle(): Promise<void> {
    for (let done = 0; done < this.pending.length; done = this.pending.length) {
      await Promise.all(this.pending.slice(done));
    }
  }

  /** The work threw: nothing more may be written, and nothing asked for is. */
  abandon(): void {
    this.open = false;
    this.events.length = 0;
    this.entries.length = 0;
  }

  private ensureOpen(what: string): void {
    if (!this.open) throw new Error(`tx.${what} was called outside its unit-of-work change (after it ended)`);
  }

  private track<T>(what: string, write: () => Promise<T>): Promise<T> {
    this.ensureOpen(what);
    if (this.asItself)
      throw new Error(`tx.${what} was called inside tx.asCaller: the change writes in its company, not the caller's`);
    const promise = write();
    this.pending.push(promise);
    promise.catch(() => undefined); // a write the work forgot to await still fails the change in close()
    return promise;
  }
}

/**
 * One way to run domain work against the database (docs/decisions/0030-unit-of-work-and-typed-persistence.md):
 * - `read(access, tx => ...)`: one READ ONLY transaction, tenant from the verified token (row-level security);
 * - `change(access, tx => ...)`: one transaction in which the work changes rows and records its outbox events
 *   (`tx.publish`), audit entries (`tx.audit`) and jobs (`tx.enqueue`); all commit together, or nothing is written when the work throws.
 * `access` is the request's RequestAccess (or its Principal); work without a request (consumers, workers, the
 * platform) passes a TenantScope naming the tenant and the actor. `{ inCompany }` (CompanyOption) runs a request's
 * read or change in another company as the caller (docs/decisions/0225-act-in-a-company.md).
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxPublisher) private readonly outbox: OutboxPublisher,
    @Inject(AuditLog) private readonly auditLog: AuditLog,
    @Inject(JobOutbox) private readonly jobs: JobOutbox,
  ) {}

  async read<T>(
    who: RequestAccess | { tenantId: string | null },
    work: (tx: ReadTx) => Promise<T>,
    options: ReadOptions = {},
  ): Promise<T> {
    const reader = options.inCompany === undefined ? who : readerIn(who, options.inCompany);
    const tenantId = 'principal' in reader ? reader.principal.tenantId : reader.tenantId;
    const dbWho =
      'principal' in reader
        ? { userId: reader.principal.userId, level: reader.principal.level }
        : 'rls' in reader
          ? dbWhoOf(reader as TenantScope)
          : {};
    const audit = options.audit;
    return this.dataSource.transaction(async (manager) => {
      // An audited read writes its entry, so its transaction cannot be READ ONLY; the work still only reads.
      if (!audit) await manager.query('SET TRANSACTION READ ONLY');
      await setTenant(manager, tenantId, dbWho);
      const result = await work(new ReadContext(manager, tenantId));
      if (audit) {
        const user = auditUserOf(reader);
        await this.auditLog.append(manager, {
          tenantId,
          actor: audit.actor === undefined ? user : audit.actor,
          action: audit.action,
          target: typeof audit.target === 'function' ? audit.target(result) : (audit.target ?? null),
          client: audit.client ?? null,
          details: audit.details,
        });
      }
      return result;
    });
  }

  async change<T>(who: UnitScope, work: (tx: ChangeTx) => Promise<T>, options: ChangeOptions = {}): Promise<T> {
    const { scope, caller } = scopeIn(who, options.inCompany);
    let context: ChangeContext | undefined;
    const result = await this.dataSource.transaction(async (manager) => {
      await setTenant(manager, scope.tenantId, dbWhoOf(scope));
      context = new ChangeContext(manager, scope, this.outbox, this.auditLog, this.jobs, true, caller);
      try {
        const value = await work(context);
        await context.close();
        return value;
      } catch (error) {
        context.abandon();
        throw error;
      }
    });
    for (const callback of context!.committed) await callback();
    return result;
  }

  /**
   * A change inside a transaction the caller already holds and commits (e.g. an event consumer's, which records the
   * inbox entry in it): same `tx`, same rules, the tenant set from `who`; it commits or rolls back with that
   * transaction. `afterCommit` is refused there.
   */
  async join<T>(manager: EntityManager, who: UnitScope, work: (tx: ChangeTx) => Promise<T>): Promise<T> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('UnitOfWork.join needs the manager of an open transaction');
    }
    const scope = scopeOf(who);
    await setTenant(manager, scope.tenantId, dbWhoOf(scope));
    const context = new ChangeContext(manager, scope, this.outbox, this.auditLog, this.jobs, false);
    try {
      const value = await work(context);
      await context.close();
      return value;
    } catch (error) {
      context.abandon();
      throw error;
    }
  }
}
