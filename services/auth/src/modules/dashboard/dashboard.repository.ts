import { Injectable } from '@nestjs/common';
import { AVAILABILITY_ROLES, dashboardCountsSchema, type DashboardCounts } from '@rayworks/contracts';
import { QueryParams, typedRows, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ScopeSql } from '../access/scope-sql.js';

/**
 * The admin dashboard's counts of what the auth service owns, within the caller's reach: one SQL statement whose
 * columns are the contract's fields, so its row is parsed by the contract's own schema.
 */
@Injectable()
export class DashboardRepository {
  async counts(tx: ReadTx, access: RequestAccess): Promise<DashboardCounts> {
    const p = new QueryParams();
    const s = new ScopeSql(access, p);
    const [row] = await typedRows(
      tx.manager,
      dashboardCountsSchema,
      `SELECT
        (SELECT count(*)::int FROM groups g WHERE ${s.groupId('g.id')}) AS groups,
        (SELECT count(*)::int FROM centres c WHERE ${s.centreRow('c')}) AS centers,
        (SELECT count(*)::int FROM users u WHERE ${s.user('u')}) AS users,
        (SELECT count(*)::int FROM users u WHERE u.is_active AND ${s.user('u')}) AS "activeUsers",
        (SELECT count(*)::int FROM users u JOIN roles r ON r.id = u.role_id
           WHERE u.is_active AND u.is_availability AND r.role_code = ANY(${p.add(AVAILABILITY_ROLES)}::text[]) AND ${s.user('u')}) AS "onlineRadiologists",
        (SELECT count(*)::int FROM doctors d WHERE ${s.doctorReadable('d')}) AS doctors,
        (SELECT count(*)::int FROM referrals r WHERE ${s.ownedReadable('r')}) AS referrals`,
      p,
    );
    return row!;
  }
}
