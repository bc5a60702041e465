import type { Redis } from 'ioredis';
import { loadGatewaySettings, missingSettings } from '#modules/payment-config';
import { normalizeFlags } from '../../contracts/flags.js';
import type { Executor } from '../../lib/db.js';
import type { DispatchDeps } from '../../queue/outbox.js';
import type { GatewayEnv, GatewayId, PaymentGateway } from './gateways/gateway.js';
import { type GatewayPolicy, gatewayAllowed, gatewayModules } from './gateways/registry.js';
import { findStoredFlags } from './payments.repository.js';

export interface PaymentDeps extends DispatchDeps {
  redis: Redis;
  config: GatewayPolicy & { PUBLIC_URL: string; ENCRYPTION_KEY: string; REDIS_PREFIX: string };
}

export const rupees = (paisa: number) => Math.round(paisa) / 100;

export const loadFlags = async (db: Executor) => normalizeFlags(await findStoredFlags(db));

export const gatewayEnv = (deps: Pick<PaymentDeps, 'redis' | 'config'>): GatewayEnv => ({
  publicUrl: deps.config.PUBLIC_URL,
  encryptionKey: deps.config.ENCRYPTION_KEY,
  redis: deps.redis,
  redisPrefix: deps.config.REDIS_PREFIX,
});

/**
 * The gateways that can take payments now: registered, switched on, allowed in this environment
 * (a test-only gateway not in production) and with every required setting stored.
 */
export async function enabledGateways(deps: PaymentDeps): Promise<Map<GatewayId, PaymentGateway>> {
  const stored = await loadGatewaySettings(deps.db, deps.config.ENCRYPTION_KEY);
  const gateways = new Map<GatewayId, PaymentGateway>();
  for (const module of gatewayModules()) {
    const settings = stored.get(module.id);
    if (
      settings?.enabled &&
      gatewayAllowed(module, deps.config) &&
      missingSettings(module, settings.values).length === 0
    ) {
      gateways.set(module.id, module.create(settings.values, gatewayEnv(deps)));
    }
  }
  return gateways;
}
