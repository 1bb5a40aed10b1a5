import type { RequestAccess } from '@rayworks/nest-kit';

/**
 * SQL predicates for what one request may reach (docs/decisions/0012-tenancy-and-scopes.md). Row-level security
 * already keeps every query inside the caller's tenant; these narrow it to the caller's group or centres and to
 * what the request headers asked for. The filters come from nest-kit's narrowAccess:
 * - groupFilter: rows of that group only (group-level users; tenant users who sent x-group-id);
 * - centreFilter: rows of those centres only (centre-level users; anyone who sent x-center-ids);
 * - empty: the headers named a group the user does not hold: nothing at all.
 * Every method appends its parameters to `p` (nest-kit's QueryParams, named, for the query builder and typedRows)
 * and returns a boolean SQL expression.
 */
export interface ScopeParams {
  add(value: unknown): string;
}

export class ScopeSql {
  constructor(
    readonly access: RequestAccess,
    private readonly p: ScopeParams,
  ) {}

  get level() {
    return this.access.principal.level;
  }

  private get unrestricted(): boolean {
    return !this.access.empty && this.access.groupFilter === null && this.access.centreFilter === null;
  }

  /** A row of `centres` (by alias) in scope. */
  centreRow(alias: string): string {
    if (this.access.empty) return 'FALSE';
    const parts: string[] = [];
    if (this.access.groupFilter !== null)
      parts.push(`${alias}.group_id = ${this.p.add(this.access.groupFilter)}::uuid`);
    if (this.access.centreFilter !== null)
      parts.push(`${alias}.id = ANY(${this.p.add(this.access.centreFilter)}::uuid[])`);
    return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
  }

  /** A centre id (an SQL expression) in scope. */
  centreId(expr: string): string {
    if (this.unrestricted) return `${expr} IS NOT NULL`;
    return `EXISTS (SELECT 1 FROM centres sc WHERE sc.id = ${expr} AND ${this.centreRow('sc')})`;
  }

  /** A group id (an SQL expression) in scope: the group filter, or a group of a centre in scope. */
  groupId(expr: string): string {
    if (this.access.empty) return 'FALSE';
    const parts: string[] = [];
    if (this.access.groupFilter !== null) parts.push(`${expr} = ${this.p.add(this.access.groupFilter)}::uuid`);
    if (this.access.centreFilter !== null)
      parts.push(
        `EXISTS (SELECT 1 FROM centres sg WHERE sg.group_id = ${expr} AND sg.id = ANY(${this.p.add(this.access.centreFilter)}::uuid[]))`,
      );
    return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
  }

  /**
   * A user (alias of `users`) in scope: one holding a centre in scope, or a group-level user of the group in
   * scope when the request is not narrowed to centres. Tenant-level users (no group, no centre) are reached
   * only by unrestricted tenant-level callers.
   */
  user(alias: string): string {
    if (this.unrestricted) return 'TRUE';
    if (this.access.empty) return 'FALSE';
    const holdsCentre = `EXISTS (SELECT 1 FROM user_centres su JOIN centres sc ON sc.id = su.centre_id WHERE su.user_id = ${alias}.id AND ${this.centreRow('sc')})`;
    if (this.access.centreFilter === null && this.access.groupFilter !== null)
      return `(${holdsCentre} OR ${alias}.group_id = ${this.p.add(this.access.groupFilter)}::uuid)`;
    return holdsCentre;
  }

  /**
   * A user (alias of `users`) to change: in reach, and every centre it holds in reach too (a user shared with a
   * centre the caller does not reach is not the caller's alone to change).
   */
  userWritable(alias: string): string {
    if (this.unrestricted) return 'TRUE';
    if (this.access.empty) return 'FALSE';
    return `(${this.user(alias)} AND NOT EXISTS (SELECT 1 FROM user_centres sw JOIN centres sc ON sc.id = sw.centre_id WHERE sw.user_id = ${alias}.id AND NOT ${this.centreRow('sc')}))`;
  }

  /**
   * An owner-scoped row (owner_group_id, owner_centre_id) to read: tenant-owned rows are shared by the whole
   * tenant; group-owned rows by the group in scope; centre-owned rows by the centres in scope.
   */
  ownedReadable(alias: string): string {
    if (this.access.empty) return 'FALSE';
    if (this.unrestricted) return 'TRUE';
    return `((${alias}.owner_group_id IS NULL AND ${alias}.owner_centre_id IS NULL)
      OR (${alias}.owner_centre_id IS NOT NULL AND ${this.centreId(`${alias}.owner_centre_id`)})
      OR (${alias}.owner_centre_id IS NULL AND ${alias}.owner_group_id IS NOT NULL AND ${this.groupId(`${alias}.owner_group_id`)}))`;
  }

  /** An owner-scoped row to change: readable, and owned at the caller's level or below (tenant rows by tenant users only). */
  ownedWritable(alias: string): string {
    const readable = this.ownedReadable(alias);
    if (this.level === 'tenant') return readable;
    const own =
      this.level === 'group'
        ? `(${alias}.owner_centre_id IS NOT NULL OR ${alias}.owner_group_id IS NOT NULL)`
        : `${alias}.owner_centre_id IS NOT NULL`;
    return `(${readable} AND ${own})`;
  }

  /** A doctor (alias of `doctors`) to read: one of its centres in scope, or a doctor of no centre (shared by the tenant). */
  doctorReadable(alias: string): string {
    if (this.unrestricted) return 'TRUE';
    if (this.access.empty) return 'FALSE';
    return `(NOT EXISTS (SELECT 1 FROM doctor_centres dx WHERE dx.doctor_id = ${alias}.id)
      OR EXISTS (SELECT 1 FROM doctor_centres dx JOIN centres sc ON sc.id = dx.centre_id WHERE dx.doctor_id = ${alias}.id AND ${this.centreRow('sc')}))`;
  }

  /** A doctor to change: tenant users any they read; others only doctors all of whose centres are in scope. */
  doctorWritable(alias: string): string {
    if (this.level === 'tenant') return this.doctorReadable(alias);
    if (this.access.empty) return 'FALSE';
    return `(EXISTS (SELECT 1 FROM doctor_centres dx WHERE dx.doctor_id = ${alias}.id)
      AND NOT EXISTS (SELECT 1 FROM doctor_centres dx JOIN centres sc ON sc.id = dx.centre_id WHERE dx.doctor_id = ${alias}.id AND NOT ${this.centreRow('sc')}))`;
  }
}
