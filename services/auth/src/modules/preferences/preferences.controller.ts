import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API } from '@rayworks/contracts';
import { companyOf, apiOk, ApiContract, UnitOfWork, type ContractCall } from '@rayworks/nest-kit';
import { PreferencesRepository } from './preferences.repository.js';

/** The caller's own preferences: nothing to decide beyond "whose", so the controller runs the unit of work itself. */
@ApiTags('preferences')
@Controller()
export class PreferencesController {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  @ApiContract(AUTH_API.createPreferredColumns, 'Keeps the columns the caller chose for a list screen')
  async setColumns({ principal: p, body }: ContractCall<typeof AUTH_API.createPreferredColumns>) {
    await this.uow.change(p, (tx) =>
      this.preferences.setColumns(tx, companyOf(p), p.userId, body.screen, body.columns),
    );
    return apiOk(body);
  }

  @ApiContract(AUTH_API.findPreferredColumns, 'The columns the caller chose for a list screen, or null')
  async columns({ principal: p, body }: ContractCall<typeof AUTH_API.findPreferredColumns>) {
    const columns = await this.uow.read(p, (tx) => this.preferences.columns(tx, p.userId, body.screen));
    return apiOk(columns === null ? null : { screen: body.screen, columns });
  }

  @ApiContract(AUTH_API.getPreferences, 'The caller’s preferences (theme, viewer, layout)')
  async get({ principal: p }: ContractCall<typeof AUTH_API.getPreferences>) {
    const settings = await this.uow.read(p, (tx) => this.preferences.settings(tx, p.userId));
    return apiOk(settings);
  }

  @ApiContract(AUTH_API.setPreferences, 'Changes the caller’s preferences (only the fields given)')
  async set({ principal: p, body }: ContractCall<typeof AUTH_API.setPreferences>) {
    const settings = await this.uow.change(p, (tx) => this.preferences.mergeSettings(tx, companyOf(p), p.userId, body));
    return apiOk(settings);
  }
}
