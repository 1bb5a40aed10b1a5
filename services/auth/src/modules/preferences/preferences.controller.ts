import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API } from '@rayworks/contracts';
import {
  companyOf,
  apiOk,
  ApiContract,
  ContractBody,
  CurrentPrincipal,
  UnitOfWork,
  type Principal,
} from '@rayworks/nest-kit';
import { PreferencesRepository } from './preferences.repository.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;

/** The caller's own preferences: nothing to decide beyond "whose", so the controller runs the unit of work itself. */
@ApiTags('preferences')
@Controller()
export class PreferencesController {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  @ApiContract(AUTH_API.createPreferredColumns, 'Keeps the columns the caller chose for a list screen')
  async setColumns(
    @CurrentPrincipal() p: Principal,
    @ContractBody(AUTH_API.createPreferredColumns) body: Body<'createPreferredColumns'>,
  ) {
    await this.uow.change(p, (tx) =>
      this.preferences.setColumns(tx, companyOf(p), p.userId, body.screen, body.columns),
    );
    return apiOk(body);
  }

  @ApiContract(AUTH_API.findPreferredColumns, 'The columns the caller chose for a list screen, or null')
  async columns(
    @CurrentPrincipal() p: Principal,
    @ContractBody(AUTH_API.findPreferredColumns) body: Body<'findPreferredColumns'>,
  ) {
    const columns = await this.uow.read(p, (tx) => this.preferences.columns(tx, p.userId, body.screen));
    return apiOk(columns === null ? null : { screen: body.screen, columns });
  }

  @ApiContract(AUTH_API.getPreferences, 'The caller’s preferences (theme, viewer, layout)')
  async get(@CurrentPrincipal() p: Principal, @ContractBody(AUTH_API.getPreferences) _body: unknown) {
    const settings = await this.uow.read(p, (tx) => this.preferences.settings(tx, p.userId));
    return apiOk(settings);
  }

  @ApiContract(AUTH_API.setPreferences, 'Changes the caller’s preferences (only the fields given)')
  async set(@CurrentPrincipal() p: Principal, @ContractBody(AUTH_API.setPreferences) body: Body<'setPreferences'>) {
    const settings = await this.uow.change(p, (tx) => this.preferences.mergeSettings(tx, companyOf(p), p.userId, body));
    return apiOk(settings);
  }
}
