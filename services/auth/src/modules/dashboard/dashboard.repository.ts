import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AVAILABILITY_ROLES, type DashboardCounts } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { one, SqlParams } from '../../database/sql.js';
import { ScopeSql } from '../access/scope-sql.js';

/** The admin dashboard's counts of what the auth service owns, within the caller's reach. */
@Injectable()
export class DashboardRepository {
  async counts(m: EntityManager, access: RequestAccess): Promise<DashboardCounts> {
    const p = new SqlParams();
    const s = new ScopeSql(access, p);
    const row = await one<DashboardCounts>(
      m,
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
