import type { Db } from '@riyazi/db';
import type { GatewayModule, GatewaySettingSpec } from '#modules/payments';
import { findGatewayModule, type GatewayPolicy, gatewayAllowed, gatewayModules } from '#modules/payments';
import {
  type GatewayConfigView,
  type GatewaySettingView,
  gatewaySettingProblem,
  normalizeGatewayUrl,
  type PaymentConfigView,
  requiredToEnableProblem,
} from '../../contracts/payment-config.js';
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

export type PaymentConfigPolicy = GatewayPolicy & { ENCRYPTION_KEY: string };

/** A gateway's stored state with its secrets decrypted: what the payments service builds it from. */
export interface StoredGateway {
  enabled: boolean;
  /** Plain settings (defaults filled in) and, for an enabled gateway, its decrypted secrets. */
  values: Record<string, string>;
}

const MASK = '••••••';
/** Shorter secrets get no characters shown: two of six would give too much away. */
const HINT_MIN_LENGTH = 8;
const NOT_IN_PRODUCTION =
  'is a test gateway and cannot be switched on in production (set PAYMENT_SANDBOX_IN_PRODUCTION=true to allow it)';

/** '••••••34' for a stored secret ending in 34; the mask alone when it cannot be read with this key. */
function hintOf(box: string | undefined, encryptionKey: string): string | null {
  if (box === undefined) {
    return null;
  }
  try {
    const plain = decryptSecret(box, encryptionKey);
    return plain.length >= HINT_MIN_LENGTH ? `${MASK}${plain.slice(-2)}` : MASK;
  } catch {
    return MASK;
  }
}

type Row = Awaited<ReturnType<typeof repo.listGatewaySettings>>[number];

const textRecord = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

const plainSettings = (module: GatewayModule) => module.settings.filter((s) => s.kind !== 'secret');

/** Stored plain values over the module's defaults. */
function plainValues(module: GatewayModule, row: Row | undefined): Record<string, string> {
  const stored = textRecord(row?.settings);
  return Object.fromEntries(
    plainSettings(module).map((spec) => [spec.name, stored[spec.name] ?? spec.default ?? '']),
  );
}

function settingView(spec: GatewaySettingSpec, value: string, storedHint: string | null): GatewaySettingView {
  return {
    name: spec.name,
    label: spec.label,
    kind: spec.kind,
    requiredToEnable: spec.requiredToEnable,
    maxLength: spec.maxLength,
    hint: spec.hint ?? null,
    placeholder: spec.placeholder ?? null,
    pattern: spec.pattern ?? null,
    value,
    storedHint,
  };
}

function gatewayView(
  module: GatewayModule,
  row: Row | undefined,
  policy: PaymentConfigPolicy,
): GatewayConfigView {
  const plain = plainValues(module, row);
  const secrets = textRecord(row?.secrets);
  const available = gatewayAllowed(module, policy);
  return {
    id: module.id,
    label: module.label,
    description: module.description,
    warning: module.warning ?? null,
    enabled: (row?.enabled ?? false) && available,
    available,
    unavailableReason: available ? null : `${module.label} ${NOT_IN_PRODUCTION}.`,
    settings: module.settings.map((spec) =>
      spec.kind === 'secret'
        ? settingView(spec, '', hintOf(secrets[spec.name], policy.ENCRYPTION_KEY))
        : settingView(spec, plain[spec.name] ?? '', null),
    ),
  };
}

export async function getPaymentConfig(db: Db, policy: PaymentConfigPolicy): Promise<PaymentConfigView> {
  const rows = await repo.listGatewaySettings(db);
  const byId = new Map(rows.map((r) => [r.gateway, r]));
  const latest = rows.reduce<Date | null>(
    (max, r) => (max === null || r.updatedAt > max ? r.updatedAt : max),
    null,
  );
  return {
    gateways: gatewayModules().map((m) => gatewayView(m, byId.get(m.id), policy)),
    updatedAt: latest?.toISOString() ?? null,
  };
}

type Change<T> = { from: T; to: T };

interface PlannedRow {
  row: repo.GatewaySettingsRow;
  changes: Record<string, Change<string | boolean>>;
  secretsChanged: string[];
}

/** The next stored row of one gateway, or its problems by form field (`<gateway>.<setting>`). */
function planGateway(
  module: GatewayModule,
  current: Row | undefined,
  input: PaymentConfigBody['gateways'][string],
  policy: PaymentConfigPolicy,
  actorId: string,
  problems: Record<string, string>,
): PlannedRow {
  const plainBefore = plainValues(module, current);
  const settings = { ...plainBefore };
  const secrets = textRecord(current?.secrets);
  const secretsChanged: string[] = [];
  const key = (name: string) => `${module.id}.${name}`;
  const known = new Set(module.settings.map((s) => s.name));
  for (const name of Object.keys(input.settings)) {
    if (!known.has(name)) {
      problems[key(name)] = `is not a setting of ${module.label}`;
    }
  }
  for (const spec of module.settings) {
    const typed = input.settings[spec.name]?.trim();
    if (typed === undefined) {
      continue;
    }
    const problem = gatewaySettingProblem(spec, typed);
    if (problem !== null) {
      problems[key(spec.name)] = problem;
    } else if (spec.kind === 'secret') {
      if (typed !== '') {
        secrets[spec.name] = encryptSecret(typed, policy.ENCRYPTION_KEY);
        secretsChanged.push(key(spec.name));
      }
    } else {
      settings[spec.name] = spec.kind === 'url' && typed !== '' ? normalizeGatewayUrl(typed) : typed;
    }
  }
  if (input.enabled && !gatewayAllowed(module, policy)) {
    problems[key('enabled')] = NOT_IN_PRODUCTION;
  }
  if (input.enabled) {
    for (const spec of module.settings) {
      const value = spec.kind === 'secret' ? secrets[spec.name] : settings[spec.name];
      if (spec.requiredToEnable && !value && problems[key(spec.name)] === undefined) {
        problems[key(spec.name)] = requiredToEnableProblem(module.label);
      }
    }
  }
  const changes: Record<string, Change<string | boolean>> = {};
  const enabledBefore = current?.enabled ?? false;
  if (enabledBefore !== input.enabled) {
    changes[key('enabled')] = { from: enabledBefore, to: input.enabled };
  }
  for (const spec of plainSettings(module)) {
    const [from, to] = [plainBefore[spec.name] ?? '', settings[spec.name] ?? ''];
    if (from !== to) {
      changes[key(spec.name)] = { from, to };
    }
  }
  return {
    row: { gateway: module.id, enabled: input.enabled, settings, secrets, updatedBy: actorId },
    changes,
    secretsChanged,
  };
}

export async function savePaymentConfig(
  db: Db,
  policy: PaymentConfigPolicy,
  body: PaymentConfigBody,
  actor: Actor,
): Promise<PaymentConfigView> {
  await db.transaction().execute(async (trx) => {
    const current = new Map((await repo.lockGatewaySettings(trx)).map((r) => [r.gateway, r]));
    const problems: Record<string, string> = {};
    const planned: PlannedRow[] = [];
    for (const [id, input] of Object.entries(body.gateways)) {
      const module = findGatewayModule(id);
      if (!module) {
        problems[id] = 'is not a payment gateway';
        continue;
      }
      planned.push(planGateway(module, current.get(id), input, policy, actor.id, problems));
    }
    const [field, problem] = Object.entries(problems)[0] ?? [];
    if (field !== undefined) {
      throw new HttpError(400, `${field}: ${problem}`, { errors: problems });
    }
    for (const { row } of planned) {
      await repo.upsertGatewaySettings(trx, row);
    }
    // Only which secrets changed: never a secret, its ciphertext or its hint.
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: actor.id,
      action: 'paymentConfig.update',
      targetType: 'paymentGatewaySettings',
      ip: actor.ip,
      details: {
        changes: Object.assign({}, ...planned.map((p) => p.changes)),
        secretsChanged: planned.flatMap((p) => p.secretsChanged),
      },
    });
  });
  return getPaymentConfig(db, policy);
}

/**
 * Every registered gateway with stored settings, an enabled one with its secrets decrypted. Throws
 * when an enabled gateway's secret cannot be decrypted (ENCRYPTION_KEY changed): payments must not
 * silently fall back.
 */
export async function loadGatewaySettings(
  db: Db,
  encryptionKey: string,
): Promise<Map<string, StoredGateway>> {
  const rows = await repo.listGatewaySettings(db);
  const stored = new Map<string, StoredGateway>();
  for (const row of rows) {
    const module = findGatewayModule(row.gateway);
    if (!module) {
      continue;
    }
    const values = plainValues(module, row);
    if (row.enabled) {
      for (const [name, box] of Object.entries(textRecord(row.secrets))) {
        values[name] = decryptSecret(box, encryptionKey);
      }
    }
    stored.set(row.gateway, { enabled: row.enabled, values });
  }
  return stored;
}

/** The settings a gateway still needs before it can take payments. */
export const missingSettings = (module: GatewayModule, values: Readonly<Record<string, string>>) =>
  module.settings.filter((s) => s.requiredToEnable && !values[s.name]).map((s) => s.name);
