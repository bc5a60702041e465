import {
  type GatewayConfigView,
  type GatewaySettingView,
  gatewaySettingProblem,
  type PaymentConfigBody,
  type PaymentConfigView,
  requiredToEnableProblem,
} from '@riyazi/api/contracts';
import { type FieldProblems, fieldMessage } from '../../../shared/forms/form-errors';

/**
 * The form is built from what the api describes (every gateway and its settings), so a new
 * gateway needs no change here. Fields are named as the api names them: `<gateway>.enabled` and
 * `<gateway>.<setting>`.
 */
export type GatewayDraft = Record<string, string | boolean>;

export const enabledField = (gateway: string) => `${gateway}.enabled`;
export const settingField = (gateway: string, setting: string) => `${gateway}.${setting}`;

/** Every field in page order (the first one with a problem gets the focus). */
export function draftFields(view: PaymentConfigView): string[] {
  return view.gateways.flatMap((g) => [
    enabledField(g.id),
    ...g.settings.map((s) => settingField(g.id, s.name)),
  ]);
}

/** Plain settings as stored; secrets never prefilled (empty keeps the stored one). */
export function toDraft(view: PaymentConfigView): GatewayDraft {
  const draft: GatewayDraft = {};
  for (const gateway of view.gateways) {
    draft[enabledField(gateway.id)] = gateway.enabled;
    for (const setting of gateway.settings) {
      draft[settingField(gateway.id, setting.name)] = setting.kind === 'secret' ? '' : setting.value;
    }
  }
  return draft;
}

const isOn = (draft: GatewayDraft, gateway: GatewayConfigView) => draft[enabledField(gateway.id)] === true;
const typedIn = (draft: GatewayDraft, gateway: GatewayConfigView, setting: GatewaySettingView) =>
  String(draft[settingField(gateway.id, setting.name)] ?? '').trim();

/** The api's rules, so most mistakes show before the round trip. */
export function draftProblems(draft: GatewayDraft, view: PaymentConfigView): FieldProblems<string> {
  const problems: FieldProblems<string> = {};
  for (const gateway of view.gateways) {
    const on = isOn(draft, gateway);
    if (on && !gateway.available) {
      problems[enabledField(gateway.id)] = gateway.unavailableReason ?? 'cannot be switched on here';
    }
    for (const setting of gateway.settings) {
      const typed = typedIn(draft, gateway, setting);
      const stored = setting.kind === 'secret' && setting.storedHint !== null;
      const problem =
        gatewaySettingProblem(setting, typed) ??
        (on && setting.requiredToEnable && typed === '' && !stored
          ? requiredToEnableProblem(gateway.label)
          : null);
      if (problem !== null) {
        problems[settingField(gateway.id, setting.name)] = problem;
      }
    }
  }
  return problems;
}

/** POST body: trimmed values, and no secret whose box was left empty (the stored one is kept). */
export function toRequestBody(draft: GatewayDraft, view: PaymentConfigView): PaymentConfigBody {
  const gateways: PaymentConfigBody['gateways'] = {};
  for (const gateway of view.gateways) {
    const settings: Record<string, string> = {};
    for (const setting of gateway.settings) {
      const typed = typedIn(draft, gateway, setting);
      if (setting.kind !== 'secret' || typed !== '') {
        settings[setting.name] = typed;
      }
    }
    gateways[gateway.id] = { enabled: isOn(draft, gateway), settings };
  }
  return { gateways };
}

/** The api's field problems on the form's fields; problems with no field are returned apart. */
export function serverProblems(
  fieldErrors: Readonly<Record<string, string>>,
  view: PaymentConfigView,
): { problems: FieldProblems<string>; other: string[] } {
  const fields = new Set(draftFields(view));
  const problems: FieldProblems<string> = {};
  const other: string[] = [];
  for (const [name, problem] of Object.entries(fieldErrors)) {
    if (fields.has(name)) {
      problems[name] = problem;
    } else {
      other.push(`${name}: ${problem}`);
    }
  }
  return { problems, other };
}

/** 'Merchant ID is required to turn JazzCash on'; a switch's problem names its gateway. */
export function problemText(
  view: PaymentConfigView,
  field: string,
  problem: string | undefined,
): string | null {
  if (problem === undefined) {
    return null;
  }
  const [id, name] = field.split('.');
  const gateway = view.gateways.find((g) => g.id === id);
  const label = name === 'enabled' ? gateway?.label : gateway?.settings.find((s) => s.name === name)?.label;
  return fieldMessage(label ?? field, problem);
}

/** 'stored (ends in 34)' from the api's '••••••34'; 'stored' when no characters are shown. */
export function storedSecretText(hint: string | null): string | null {
  if (hint === null) {
    return null;
  }
  const end = hint.replace(/^•+/, '');
  return end === '' ? 'stored' : `stored (ends in ${end})`;
}
