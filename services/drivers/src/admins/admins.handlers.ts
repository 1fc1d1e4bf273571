import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { driversRpc, type AdminAccountCheck } from '@limo/contracts';
import { AdminsRepository } from './admins.repository.js';

@Controller()
export class AdminsHandlers {
  constructor(private readonly admins: AdminsRepository) {}

  @MessagePattern(driversRpc.verifyAdmin.subject)
  async verify({ username, password }: AdminAccountCheck): Promise<{ valid: boolean }> {
    return { valid: await this.admins.verify(username, password) };
  }

  @MessagePattern(driversRpc.ensureAdmin.subject)
  async ensure({ username, password }: AdminAccountCheck): Promise<{ outcome: 'created' | 'updated' | 'unchanged' }> {
    return { outcome: await this.admins.ensure(username, password) };
  }
}
