import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { driversRpc, type RpcResponseOf } from '@limo/contracts';
import { DriversRepository } from './drivers.repository.js';

/** Requests arrive already validated by the transport: the schema's output type. */
type Req<K extends keyof typeof driversRpc> = z.output<(typeof driversRpc)[K]['request']>;
type Res<K extends keyof typeof driversRpc> = Promise<RpcResponseOf<(typeof driversRpc)[K]>>;

@Controller()
export class DriversHandlers {
  constructor(private readonly drivers: DriversRepository) {}

  @MessagePattern(driversRpc.list.subject)
  list(): Res<'list'> {
    return this.drivers.list();
  }

  @MessagePattern(driversRpc.locations.subject)
  locations(): Res<'locations'> {
    return this.drivers.locations();
  }

  @MessagePattern(driversRpc.get.subject)
  get({ id }: Req<'get'>): Res<'get'> {
    return this.drivers.get(id);
  }

  @MessagePattern(driversRpc.register.subject)
  register({ registration, registeredBy }: Req<'register'>): Res<'register'> {
    return this.drivers.register(registration, registeredBy);
  }

  @MessagePattern(driversRpc.update.subject)
  update({ id, changes }: Req<'update'>): Res<'update'> {
    return this.drivers.update(id, changes);
  }

  @MessagePattern(driversRpc.toggleDuty.subject)
  toggleDuty({ id }: Req<'toggleDuty'>): Res<'toggleDuty'> {
    return this.drivers.toggleDuty(id);
  }

  @MessagePattern(driversRpc.snapshots.subject)
  snapshots({ afterId, limit }: Req<'snapshots'>): Res<'snapshots'> {
    return this.drivers.snapshots(afterId, limit);
  }
}
