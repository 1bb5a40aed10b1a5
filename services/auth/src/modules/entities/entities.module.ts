import { Module } from '@nestjs/common';
import { EntitiesController } from './entities.controller.js';
import { EntitiesRepository } from './entities.repository.js';

/** Entities (place codes). */
@Module({ controllers: [EntitiesController], providers: [EntitiesRepository] })
export class EntitiesModule {}
