import type { Db } from '@riyazi/db';
import { JAZZCASH_SANDBOX_URL, type PaymentConfigView } from '../../contracts/payment-config.js';
import { writeAudit } from '../../lib/audit.js';
import { HttpError } from '../../lib/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.js';
import * as repo from './payment-config.repository.js';
import type { PaymentConfigBody } from './payment-config.schemas.js';

export { listActivePackages } from './payment-packages.service.js';

/** Who is acting, for the audit log. */
export interface Actor {
  id: string;
  ip: string;
}

export interface JazzCashCredentials {
  enabled: boolean;
  merchantId: string;
  password: string;
  integritySalt: string;
  baseUrl: string;
}

export interface GatewaySettings {
  sandboxEnabled: boolean;
  /** null unless JazzCash is switched on with a merchant id, a password and a salt. */
  jazzcash: JazzCashCredentials | null;
}

const MASK = '••••••';
/** Shorter secrets get no characters shown: two of six would give too much away. */
const HINT_MIN_LENGTH = 8;

/** '••••••34' for a stored secret ending in 34; the mask alone when it cannot be read with this key. */
function hintOf(box: string | null, encryptionKey: string): string | null {
  if (box === null) {
    return null;
  }
  try {
    const plain = decryptSecret(box, encryptionKey);
    return plain.length >= HINT_MIN_LENGTH ? `${MASK}${plain.slice(-2)}` : MASK;
  } catch {
    return MASK;
  }
}

export async function getPaymentConfig(db: Db, encryptionKey: string): Promise<PaymentConfigView> {
  const row = await repo.findPaymentSettings(db);
  return {
    sandboxEnabled: row?.sandboxEnabled ?? false,
    jazzcash: {
      enabled: row?.jazzcashEnabled ?? false,
      merchantId: row?.jazzcashMerchantId ?? '',
      baseUrl: row?.jazzcashBaseUrl ?? JAZZCASH_SANDBOX_URL,
      passwordSet: Boolean(row?.jazzcashPasswordEncrypted),
      saltSet: Boolean(row?.jazzcashSaltEncrypted),
      passwordHint: hintOf(row?.jazzcashPasswordEncrypted ?? null, encryptionKey),
      saltHint: hintOf(row?.jazzcashSaltEncrypted ?? null, encryptionKey),
    },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

const NEEDED_TO_ENABLE = 'is required to turn JazzCash on';

/** Every credential JazzCash needs that is neither given nor stored, by form field. */
function missingForJazzCash(merchantId: string, password: string | null, salt: string | null) {
  const errors: Record<string, string> = {};
  if (merchantId === '') {
    errors['jazzcash.merchantId'] = NEEDED_TO_ENABLE;
  }
  if (password === null) {
    errors['jazzcash.password'] = NEEDED_TO_ENABLE;
  }
  if (salt === null) {
    errors['jazzcash.integritySalt'] = NEEDED_TO_ENABLE;
  }
  return errors;
}

type Change<T> = { from: T; to: T };

export async function savePaymentConfig(
  db: Db,
  encryptionKey: string,
  body: PaymentConfigBody,
  actor: Actor,
): Promise<PaymentConfigView> {
  const { jazzcash } = body;
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockPaymentSettings(trx);
    const password = jazzcash.password
      ? encryptSecret(jazzcash.password, encryptionKey)
      : (current?.jazzcashPasswordEncrypted ?? null);
    const salt = jazzcash.integritySalt
      ? encryptSecret(jazzcash.integritySalt, encryptionKey)
      : (current?.jazzcashSaltEncrypted ?? null);
    if (jazzcash.enabled) {
      const errors = missingForJazzCash(jazzcash.merchantId, password, salt);
      const [field, problem] = Object.entries(errors)[0] ?? [];
      if (field !== undefined) {
        throw new HttpError(400, `${field}: ${problem}`, { errors });
      }
    }
    const next = {
      sandboxEnabled: body.sandboxEnabled,
      jazzcashEnabled: jazzcash.enabled,
      jazzcashMerchantId: jazzcash.merchantId,
      jazzcashBaseUrl: jazzcash.baseUrl,
    };
    const before = {
      sandboxEnabled: current?.sandboxEnabled ?? false,
      jazzcashEnabled: current?.jazzcashEnabled ?? false,
      jazzcashMerchantId: current?.jazzcashMerchantId ?? '',
      jazzcashBaseUrl: current?.jazzcashBaseUrl ?? JAZZCASH_SANDBOX_URL,
    };
    const changes: Record<string, Change<string | boolean>> = {};
    for (const key of Object.keys(next) as (keyof typeof next)[]) {
      if (next[key] !== before[key]) {
        changes[key] = { from: before[key], to: next[key] };
      }
    }
    await repo.upsertPaymentSettings(trx, {
      ...next,
      jazzcashPasswordEncrypted: password,
      jazzcashSaltEncrypted: salt,
      updatedBy: actor.id,
    });
    // Only whether a secret changed: never the secret, its ciphertext or its hint.
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: actor.id,
      action: 'paymentConfig.update',
      targetType: 'paymentSettings',
      ip: actor.ip,
      details: {
        changes,
        passwordChanged: Boolean(jazzcash.password),
        saltChanged: Boolean(jazzcash.integritySalt),
      },
    });
  });
  return getPaymentConfig(db, encryptionKey);
}

/**
 * The gateways checkout may use, with JazzCash's credentials decrypted. Throws when a stored secret
 * cannot be decrypted (ENCRYPTION_KEY changed): payments must not silently fall back.
 */
export async function loadGatewaySettings(db: Db, encryptionKey: string): Promise<GatewaySettings> {
  const row = await repo.findPaymentSettings(db);
  if (row === undefined) {
    return { sandboxEnabled: false, jazzcash: null };
  }
  const { jazzcashPasswordEncrypted: password, jazzcashSaltEncrypted: salt } = row;
  const complete = row.jazzcashEnabled && row.jazzcashMerchantId !== '' && password !== null && salt !== null;
  return {
    sandboxEnabled: row.sandboxEnabled,
    jazzcash: complete
      ? {
          enabled: true,
          merchantId: row.jazzcashMerchantId,
          password: decryptSecret(password, encryptionKey),
          integritySalt: decryptSecret(salt, encryptionKey),
          baseUrl: row.jazzcashBaseUrl,
        }
      : null,
  };
}
