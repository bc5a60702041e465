import type { PaymentDayTotal, PaymentGatewayName } from '@riyazi/api/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { chartRows } from './chart-data';
import { formatRupees, gatewayLabel, shortDay } from './payment-report-query';

// SVG attributes cannot read CSS variables: the token colours, spelled out.
const GATEWAY_COLORS: Record<PaymentGatewayName, string> = {
  jazzcash: '#115e67',
  sandbox: '#f29e4c',
  free: '#3b3f8f',
};

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Paid amount per Pakistan day, one stacked bar segment per gateway. Loaded on its own (recharts). */
export default function PaymentsChart({ byDay }: { byDay: readonly PaymentDayTotal[] }) {
  const { rows, gateways } = chartRows(byDay);
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
        tickFormatter={(value: number) => `Rs ${compact.format(value)}`}
        allowDecimals={false}
      />
      <Tooltip
        labelFormatter={(day) => shortDay(String(day))}
        formatter={(value, name) => [formatRupees(Number(value)), String(name)]}
      />
      <Legend />
      {gateways.map((gateway) => (
        <Bar
          key={gateway}
          dataKey={gateway}
          name={gatewayLabel(gateway)}
          stackId="paid"
          fill={GATEWAY_COLORS[gateway]}
          maxBarSize={48}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
