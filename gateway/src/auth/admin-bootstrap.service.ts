import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { driversRpc } from '@limo/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ServicesClient } from '../messaging/services.client.js';
import { configuredAdmin, DEV_ADMIN_USERNAME } from './admin-credentials.js';

const RETRY_MS = 2000;

/**
 * Makes the configured first admin exist (hashed, in the drivers service) when the gateway
 * starts, retrying in the background until the drivers service answers, so the gateway can start
 * before it. With the development defaults, says once which login to use.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('AdminBootstrap');
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private resolveReady!: () => void;
  /** Settles once the account is in place. */
  readonly ready = new Promise<void>((resolve) => (this.resolveReady = resolve));

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly services: ServicesClient,
  ) {}

  onApplicationBootstrap(): void {
    const admin = configuredAdmin(this.config);
    if (admin.isDefault && this.config.NODE_ENV !== 'test') {
      this.log.warn(
        // The user name only: no password is ever logged, not even the public development one.
        `The development admin account "${DEV_ADMIN_USERNAME}" is in use with its default password (README; set ADMIN_USERNAME and ADMIN_PASSWORD to change it)`,
      );
    }
    void this.attempt(admin.username, admin.password);
  }

  private async attempt(username: string, password: string): Promise<void> {
    if (this.stopped) return;
    try {
      const { outcome } = await this.services.call(driversRpc.ensureAdmin, { username, password });
      if (outcome !== 'unchanged') this.log.log(`admin account "${username}" ${outcome}`);
      this.resolveReady();
    } catch (error) {
      this.log.warn(`admin account not ensured yet (${(error as Error).message}); retrying`);
      this.timer = setTimeout(() => void this.attempt(username, password), RETRY_MS);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
