import type { PaymentDayTotal, PaymentGatewayName } from '@riyazi/api/contracts';

export type ChartRow = { day: string; paid: Record<PaymentGatewayName, number> };

/**
 * One row per day (oldest first) with the paid amount of each gateway, and the gateways that took
 * any, in the order given (the api's), then any other.
 */
export function chartRows(
  byDay: readonly PaymentDayTotal[],
  order: readonly PaymentGatewayName[] = [],
): { rows: ChartRow[]; gateways: PaymentGatewayName[] } {
  const rows = new Map<string, ChartRow>();
  for (const { day, gateway, paidAmount } of byDay) {
    const row = rows.get(day) ?? { day, paid: {} };
    row.paid[gateway] = Math.round(((row.paid[gateway] ?? 0) + paidAmount) * 100) / 100;
    rows.set(day, row);
  }
  const present = [...new Set(byDay.map((d) => d.gateway))];
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  return {
    rows: [...rows.values()].sort((a, b) => a.day.localeCompare(b.day)),
    gateways: present.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
  };
}
