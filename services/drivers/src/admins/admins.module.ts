import { Module } from '@nestjs/common';
import { AdminAccounts } from './admin-accounts.js';
import { AdminsHandlers } from './admins.handlers.js';
import { AdminsRepository } from './admins.repository.js';

@Module({ controllers: [AdminsHandlers], providers: [AdminsRepository, AdminAccounts] })
export class AdminsModule {}
