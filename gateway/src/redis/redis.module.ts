import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { redisOptions } from '@limo/messaging';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export const REDIS = Symbol('Redis');

/** One Redis connection for the gateway; keys carry REDIS_PREFIX so test runs stay apart. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) =>
        new Redis({
          ...redisOptions(config.REDIS_URL),
          keyPrefix: `${config.REDIS_PREFIX}:`,
          lazyConnect: false,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
        }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
