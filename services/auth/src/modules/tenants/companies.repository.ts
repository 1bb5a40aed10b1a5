import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { one } from '../../database/sql.js';

/** Companies: the tenants. Created by provisioning (seed, tenant CLI), not through the API. */
@Injectable()
export class CompaniesRepository {
  async isActive(m: EntityManager, id: string): Promise<boolean> {
    const row = await one<{ is_active: boolean }>(m, `SELECT is_active FROM companies WHERE id = $1`, [id]);
    return row?.is_active === true;
  }

  findByCode(m: EntityManager, code: string) {
    return one<{ id: string; name: string }>(m, `SELECT id, name FROM companies WHERE code = $1`, [code]);
  }

  async insert(m: EntityManager, row: { id: string; name: string; code: string }): Promise<void> {
    await m.query(`INSERT INTO companies (id, name, code) VALUES ($1, $2, $3)`, [row.id, row.name, row.code]);
  }
}
