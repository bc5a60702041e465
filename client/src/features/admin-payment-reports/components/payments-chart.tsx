import type { PaymentDayTotal } from '@riyazi/api/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { usePaymentGatewayLabel, usePaymentOptions } from '../api/use-payment-reports';
import { chartRows } from './chart-data';
import { formatRupees, shortDay } from './payment-report-query';

// SVG attributes cannot read CSS variables: the token colours, spelled out, one per gateway in turn.
const COLORS = ['#115e67', '#f29e4c', '#3b3f8f', '#8a1c1c', '#5b8c2a', '#7a4fa3'];

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Paid amount per Pakistan day, one stacked bar segment per gateway. Loaded on its own (recharts). */
export default function PaymentsChart({ byDay }: { byDay: readonly PaymentDayTotal[] }) {
  const order = usePaymentOptions().gateways.map((g) => g.id);
  const gatewayLabel = usePaymentGatewayLabel();
  const { rows, gateways } = chartRows(byDay, order);
  return (
    <BarChart
      responsive
      data={rows}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      title="Paid amount per day, by gateway"
    >
      <CartesianGrid vertical={false} stroke="#d9dee6" />
      <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={8} />
      <YAxis
        width={56}
        tick={{ fontSize: 12 }}
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
          fill={COLORS[index % COLORS.length]}
          maxBarSize={48}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
