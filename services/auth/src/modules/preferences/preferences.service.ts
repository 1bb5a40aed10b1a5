import { Inject, Injectable } from '@nestjs/common';
import type { AUTH_API, Preferences } from '@rayworks/contracts';
import { companyOf, UnitOfWork, type ContractCall, type Principal } from '@rayworks/nest-kit';
import { PreferencesRepository } from './preferences.repository.js';

/** The caller's own preferences and preferred list columns: always the caller's, in its company. */
@Injectable()
export class PreferencesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  async setColumns(
    p: Principal,
    body: ContractCall<typeof AUTH_API.createPreferredColumns>['body'],
  ): Promise<ContractCall<typeof AUTH_API.createPreferredColumns>['body']> {
    await this.uow.change(p, (tx) =>
      this.preferences.setColumns(tx, companyOf(p), p.userId, body.screen, body.columns),
    );
    return body;
  }

  /** The columns the caller chose for a screen, or null. */
  async columns(
    p: Principal,
    body: ContractCall<typeof AUTH_API.findPreferredColumns>['body'],
  ): Promise<{ screen: string; columns: string[] } | null> {
    const columns = await this.uow.read(p, (tx) => this.preferences.columns(tx, p.userId, body.screen));
    return columns === null ? null : { screen: body.screen, columns };
  }

  settings(p: Principal): Promise<Preferences> {
    return this.uow.read(p, (tx) => this.preferences.settings(tx, p.userId));
  }

  /** Merges the fields given into the caller's preferences. */
  merge(p: Principal, body: ContractCall<typeof AUTH_API.setPreferences>['body']): Promise<Preferences> {
    return this.uow.change(p, (tx) => this.preferences.mergeSettings(tx, companyOf(p), p.userId, body));
  }
}
