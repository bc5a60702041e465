import { PAYMENT_GATEWAYS, type PaymentDayTotal, type PaymentGatewayName } from '@riyazi/api/contracts';

export type ChartRow = { day: string } & Record<PaymentGatewayName, number>;

/** One row per day (oldest first) with the paid amount of each gateway, and the gateways that took any. */
export function chartRows(byDay: readonly PaymentDayTotal[]): {
  rows: ChartRow[];
  gateways: PaymentGatewayName[];
} {
  const rows = new Map<string, ChartRow>();
  for (const { day, gateway, paidAmount } of byDay) {
    const row = rows.get(day) ?? { day, jazzcash: 0, sandbox: 0, free: 0 };
    row[gateway] = Math.round((row[gateway] + paidAmount) * 100) / 100;
    rows.set(day, row);
  }
  const present = new Set(byDay.map((d) => d.gateway));
  return {
    rows: [...rows.values()].sort((a, b) => a.day.localeCompare(b.day)),
    gateways: PAYMENT_GATEWAYS.filter((g) => present.has(g)),
  };
}
