import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PreferencesService } from './preferences.service.js';

/** The caller's own preferences and preferred list columns: the contract, then the service. */
@ApiTags('preferences')
@Controller()
export class PreferencesController {
  constructor(@Inject(PreferencesService) private readonly preferences: PreferencesService) {}

  @ApiContract(AUTH_API.createPreferredColumns, 'Keeps the columns the caller chose for a list screen')
  async setColumns({ principal, body }: ContractCall<typeof AUTH_API.createPreferredColumns>) {
    return apiOk(await this.preferences.setColumns(principal, body));
  }

  @ApiContract(AUTH_API.findPreferredColumns, 'The columns the caller chose for a list screen, or null')
  async columns({ principal, body }: ContractCall<typeof AUTH_API.findPreferredColumns>) {
    return apiOk(await this.preferences.columns(principal, body));
  }

  @ApiContract(AUTH_API.getPreferences, 'The caller’s preferences (theme, viewer, layout)')
  async get({ principal }: ContractCall<typeof AUTH_API.getPreferences>) {
    return apiOk(await this.preferences.settings(principal));
  }

  @ApiContract(AUTH_API.setPreferences, 'Changes the caller’s preferences (only the fields given)')
  async set({ principal, body }: ContractCall<typeof AUTH_API.setPreferences>) {
    return apiOk(await this.preferences.merge(principal, body));
  }
}
