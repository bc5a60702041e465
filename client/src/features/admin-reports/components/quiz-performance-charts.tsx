import type { QuizPerformanceReport } from '@riyazi/api/contracts';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { binLabel, shortDay } from './quiz-performance-query';

// SVG attributes cannot read CSS variables: the token colours, spelled out.
const PRIMARY = '#115e67';
const ACCENT = '#f29e4c';
const GRID = '#d9dee6';

/** Finished plays per score bin. Loaded on its own (recharts); the page carries a table for screen readers. */
export function ScoreHistogram({ histogram }: { histogram: QuizPerformanceReport['histogram'] }) {
  const rows = histogram.map((bin) => ({ label: binLabel(bin), plays: bin.plays }));
  return (
    <BarChart
      responsive
      data={rows}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      aria-hidden="true"
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis width={40} tick={{ fontSize: 12 }} allowDecimals={false} />
      <Tooltip
        formatter={(value) => [String(value), 'Finished plays']}
        labelFormatter={(l) => `Score ${l}`}
      />
      <Bar dataKey="plays" name="Finished plays" fill={PRIMARY} maxBarSize={48} isAnimationActive={false} />
    </BarChart>
  );
}

/** Finished plays (bars) and their mean score (line) per Pakistan day; one day still shows. */
export function OverTimeChart({ overTime }: { overTime: QuizPerformanceReport['overTime'] }) {
  return (
    <ComposedChart
      responsive
      data={[...overTime]}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      aria-hidden="true"
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={8} />
      <YAxis yAxisId="plays" width={40} tick={{ fontSize: 12 }} allowDecimals={false} />
      <YAxis yAxisId="score" orientation="right" width={36} tick={{ fontSize: 12 }} />
      <Tooltip labelFormatter={(day) => shortDay(String(day))} />
      <Legend />
      <Bar
        yAxisId="plays"
        dataKey="finished"
        name="Finished plays"
        fill={PRIMARY}
        maxBarSize={48}
        isAnimationActive={false}
      />
      <Line
        yAxisId="score"
        dataKey="meanScore"
        name="Mean score"
        stroke={ACCENT}
        strokeWidth={2}
        dot={{ r: 4, fill: ACCENT }}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
