import { Module } from '@nestjs/common';
import { EntitiesController } from './entities.controller.js';
import { EntitiesRepository } from './entities.repository.js';
import { EntitiesService } from './entities.service.js';

/** Entities (place codes). */
@Module({ controllers: [EntitiesController], providers: [EntitiesRepository, EntitiesService] })
export class EntitiesModule {}
