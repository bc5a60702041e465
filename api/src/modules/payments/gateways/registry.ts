import { FREE_GATEWAY, isGatewayId } from '../../../contracts/payment-config.js';
import type { GatewayModule } from './gateway.js';
import { jazzCashModule } from './jazzcash.js';
import { sandboxModule } from './sandbox.js';

/** Every gateway the product knows, in the order admins and students see them. A new gateway: one line here. */
const modules: GatewayModule[] = [jazzCashModule, sandboxModule];

/** The settings and the process environment decide which registered gateways are usable. */
export interface GatewayPolicy {
  isProduction: boolean;
  PAYMENT_SANDBOX_IN_PRODUCTION: boolean;
}

export function gatewayModules(): readonly GatewayModule[] {
  return modules;
}

export function findGatewayModule(id: string): GatewayModule | undefined {
  return modules.find((m) => m.id === id);
}

/**
 * Adds a gateway module at start (before the app is built, so its routes and CSP origins are in);
 * also how tests plug in a gateway of their own.
 */
export function registerGatewayModule(module: GatewayModule): void {
  if (!isGatewayId(module.id) || module.id === FREE_GATEWAY) {
    throw new Error(
      `gateway id ${module.id} must be 2 to 20 lower case letters, digits or -, and not "free"`,
    );
  }
  if (findGatewayModule(module.id)) {
    throw new Error(`gateway ${module.id} is registered twice`);
  }
  modules.push(module);
}

/** A test-only gateway (the sandbox credits attempts for nothing) is never usable in production unless allowed. */
export function gatewayAllowed(module: GatewayModule, policy: GatewayPolicy): boolean {
  return !module.testOnly || !policy.isProduction || policy.PAYMENT_SANDBOX_IN_PRODUCTION;
}

/** Origins checkout forms may post to (CSP form-action), from every registered gateway. */
export function gatewayFormActionOrigins(): string[] {
  return [...new Set(modules.flatMap((m) => m.formActionOrigins))];
}

/** Gateways a payment row can name: every registered one and FREE_GATEWAY (a 100% promo code). */
export function paymentGatewayChoices(): { id: string; label: string }[] {
  return [
    ...modules.map((m) => ({ id: m.id, label: m.label })),
    { id: FREE_GATEWAY, label: 'Free (100% promo)' },
  ];
}
