import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { preferencesSchema, type Preferences } from '@rayworks/contracts';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';
import { PreferenceEntity, PreferredColumnsEntity } from './preference.entity.js';

/** Unknown keys stored by an older version are dropped when read (the contract's schema strips them). */
const settingsRow = z.object({ settings: preferencesSchema });

/** A user's own settings and preferred list columns. */
@Injectable()
export class PreferencesRepository {
  async settings(tx: ReadTx, userId: string): Promise<Preferences> {
    return preferencesSchema.parse((await tx.repo(PreferenceEntity).findOneBy({ userId }))?.settings ?? {});
  }

  /** Merges the given fields into the user's settings (jsonb ||, one statement: concurrent merges keep both). */
  async mergeSettings(tx: ReadTx, tenantId: string, userId: string, settings: Preferences): Promise<Preferences> {
    const [row] = await typedRows(
      tx.manager,
      settingsRow,
      `INSERT INTO preferences (tenant_id, user_id, settings) VALUES (:tenantId, :userId, :settings)
       ON CONFLICT (user_id) DO UPDATE SET settings = preferences.settings || EXCLUDED.settings, updated_at = now()
       RETURNING settings`,
      { tenantId, userId, settings: JSON.stringify(settings) },
    );
    return row!.settings;
  }

  async columns(tx: ReadTx, userId: string, screen: string): Promise<string[] | null> {
    return (await tx.repo(PreferredColumnsEntity).findOneBy({ userId, screen }))?.columns ?? null;
  }

  async setColumns(tx: ReadTx, tenantId: string, userId: string, screen: string, columns: string[]): Promise<void> {
    await tx.repo(PreferredColumnsEntity).upsert({ tenantId, userId, screen, columns }, ['userId', 'screen']);
  }
}
