import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { CentreSettingsController } from './centre-settings.controller.js';
import { CentreSettingsRepository } from './centre-settings.repository.js';
import { CentreSettingsService } from './centre-settings.service.js';

/** The centres' worklist settings, owned by the cases service. */
@Module({
  imports: [DirectoryModule],
  controllers: [CentreSettingsController],
  providers: [CentreSettingsRepository, CentreSettingsService],
  exports: [CentreSettingsService],
})
export class SettingsModule {}
