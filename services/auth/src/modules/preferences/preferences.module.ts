import { Module } from '@nestjs/common';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesRepository } from './preferences.repository.js';

/** Preferences and preferred columns. */
@Module({ controllers: [PreferencesController], providers: [PreferencesRepository] })
export class PreferencesModule {}
