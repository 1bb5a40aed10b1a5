import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

/** The caller's profile. */
@Module({ imports: [UsersModule], controllers: [ProfileController], providers: [ProfileService] })
export class ProfileModule {}
