import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AUTH_API, preferencesSchema } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentPrincipal, runInTenant, type Principal } from '@rayworks/nest-kit';
import { PreferencesRepository } from './preferences.repository.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;

/** The caller's own preferences: nothing to decide beyond "whose", so the controller uses the repository directly. */
@ApiTags('preferences')
@Controller()
export class PreferencesController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  @ApiContract(AUTH_API.createPreferredColumns, 'Keeps the columns the caller chose for a list screen')
  async setColumns(
    @CurrentPrincipal() p: Principal,
    @ContractBody(AUTH_API.createPreferredColumns) body: Body<'createPreferredColumns'>,
  ) {
    await runInTenant(this.dataSource, p.tenantId, (m) =>
      this.preferences.setColumns(m, p.tenantId, p.userId, body.screen, body.columns),
    );
    return apiOk(body);
  }

  @ApiContract(AUTH_API.findPreferredColumns, 'The columns the caller chose for a list screen, or null')
  async columns(
    @CurrentPrincipal() p: Principal,
    @ContractBody(AUTH_API.findPreferredColumns) body: Body<'findPreferredColumns'>,
  ) {
    const columns = await runInTenant(this.dataSource, p.tenantId, (m) =>
      this.preferences.columns(m, p.userId, body.screen),
    );
    return apiOk(columns === null ? null : { screen: body.screen, columns });
  }

  @ApiContract(AUTH_API.getPreferences, 'The caller’s preferences (theme, viewer, layout)')
  async get(@CurrentPrincipal() p: Principal, @ContractBody(AUTH_API.getPreferences) _body: unknown) {
    const settings = await runInTenant(this.dataSource, p.tenantId, (m) => this.preferences.settings(m, p.userId));
    return apiOk(preferencesSchema.parse(settings));
  }

  @ApiContract(AUTH_API.setPreferences, 'Changes the caller’s preferences (only the fields given)')
  async set(@CurrentPrincipal() p: Principal, @ContractBody(AUTH_API.setPreferences) body: Body<'setPreferences'>) {
    const settings = await runInTenant(this.dataSource, p.tenantId, (m) =>
      this.preferences.mergeSettings(m, p.tenantId, p.userId, body),
    );
    return apiOk(preferencesSchema.parse(settings));
  }
}
