import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { containsPattern, rows, type Row } from '../../database/sql.js';

/** Entities (spec §3: code, city, state): place codes shared by the whole tenant. */
@Injectable()
export class EntitiesRepository {
  search(m: EntityManager, search: string | undefined): Promise<Row[]> {
    if (!search) return rows(m, `SELECT * FROM entities ORDER BY code LIMIT 100`);
    return rows(
      m,
      `SELECT * FROM entities WHERE code ILIKE $1 OR city ILIKE $1 OR state ILIKE $1 ORDER BY code LIMIT 100`,
      [containsPattern(search)],
    );
  }

  async insert(m: EntityManager, tenantId: string, input: { code: string; city: string; state: string }): Promise<Row> {
    const [row] = await rows(
      m,
      `INSERT INTO entities (tenant_id, code, city, state) VALUES ($1, $2, $3, $4) RETURNING *`,
      [tenantId, input.code, input.city, input.state],
    );
    return row!;
  }
}
