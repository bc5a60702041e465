import type { PaymentDayTotal } from '@riyazi/api/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, CHART_GRID, CHART_TICK, chartFrame } from '../../../shared/ui/chart-frame';
import { usePaymentGatewayLabel, usePaymentOptions } from '../api/use-payment-reports';
import { chartRows } from './chart-data';
import { formatRupees, shortDay } from './payment-report-query';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Paid amount per Pakistan day, one stacked bar segment per gateway. Loaded on its own (recharts). */
export default function PaymentsChart({ byDay }: { byDay: readonly PaymentDayTotal[] }) {
  const order = usePaymentOptions().gateways.map((g) => g.id);
  const gatewayLabel = usePaymentGatewayLabel();
  const { rows, gateways } = chartRows(byDay, order);
  return (
    <BarChart {...chartFrame(260)} data={rows} title="Paid amount per day, by gateway">
      <CartesianGrid vertical={false} stroke={CHART_GRID} />
      <XAxis dataKey="day" tickFormatter={shortDay} tick={CHART_TICK} minTickGap={8} />
      <YAxis
        width={64}
        tick={CHART_TICK}
        tickFormatter={(value: number) => `PKR ${compact.format(value)}`}
        allowDecimals={false}
      />
      <Tooltip
        labelFormatter={(day) => shortDay(String(day))}
        formatter={(value, name) => [formatRupees(Number(value)), String(name)]}
      />
      <Legend />
      {gateways.map((gateway, index) => (
        <Bar
          key={gateway}
          dataKey={(row: { paid: Record<string, number> }) => row.paid[gateway] ?? 0}
          name={gatewayLabel(gateway)}
          stackId="paid"
          fill={CHART_COLORS[index % CHART_COLORS.length]}
          maxBarSize={48}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
