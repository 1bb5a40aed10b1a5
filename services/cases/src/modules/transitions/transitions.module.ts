import { Module } from '@nestjs/common';
import { TransitionRunner } from './transition-runner.service.js';
import { TransitionsRepository } from './transitions.repository.js';

/**
 * The case's transitions: the one runner every change of a case goes through (TransitionRunner), exported for
 * the other modules of the service (actions, marketplace, fusion).
 */
@Module({
  providers: [TransitionsRepository, TransitionRunner],
  exports: [TransitionRunner, TransitionsRepository],
})
export class TransitionsModule {}
