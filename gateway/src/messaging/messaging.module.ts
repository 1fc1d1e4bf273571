import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { RpcClient } from '@limo/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { RPC_CLIENT, ServicesClient } from './services.client.js';

export const NATS_CONNECTION = Symbol('NatsConnection');

@Global()
@Module({
  providers: [
    {
      provide: RPC_CLIENT,
      inject: [NATS_CONNECTION, GATEWAY_CONFIG],
      useFactory: (nc: NatsConnection, config: GatewayConfig) =>
        new RpcClient(nc, { prefix: config.NATS_PREFIX, timeoutMs: config.RPC_TIMEOUT_MS }),
    },
    ServicesClient,
  ],
  exports: [ServicesClient, RPC_CLIENT],
})
export class MessagingModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => this.nc.close());
  }
}
