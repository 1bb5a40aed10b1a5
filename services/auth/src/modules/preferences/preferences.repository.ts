import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { one } from '../../database/sql.js';

/** A user's own settings and preferred list columns. */
@Injectable()
export class PreferencesRepository {
  async settings(m: EntityManager, userId: string): Promise<Record<string, unknown>> {
    return (
      (
        await one<{ settings: Record<string, unknown> }>(m, `SELECT settings FROM preferences WHERE user_id = $1`, [
          userId,
        ])
      )?.settings ?? {}
    );
  }

  async mergeSettings(
    m: EntityManager,
    tenantId: string,
    userId: string,
    settings: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const row = await one<{ settings: Record<string, unknown> }>(
      m,
      `INSERT INTO preferences (tenant_id, user_id, settings) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET settings = preferences.settings || EXCLUDED.settings, updated_at = now() RETURNING settings`,
      [tenantId, userId, JSON.stringify(settings)],
    );
    return row!.settings;
  }

  async columns(m: EntityManager, userId: string, screen: string): Promise<string[] | null> {
    return (
      (
        await one<{ columns: string[] }>(
          m,
          `SELECT columns FROM preferred_columns WHERE user_id = $1 AND screen = $2`,
          [userId, screen],
        )
      )?.columns ?? null
    );
  }

  async setColumns(
    m: EntityManager,
    tenantId: string,
    userId: string,
    screen: string,
    columns: string[],
  ): Promise<void> {
    await m.query(
      `INSERT INTO preferred_columns (tenant_id, user_id, screen, columns) VALUES ($1, $2, $3, $4::text[])
       ON CONFLICT (user_id, screen) DO UPDATE SET columns = EXCLUDED.columns, updated_at = now()`,
      [tenantId, userId, screen, columns],
    );
  }
}
