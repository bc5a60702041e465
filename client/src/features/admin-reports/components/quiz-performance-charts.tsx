import type { QuizPerformanceReport } from '@riyazi/api/contracts';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, CHART_GRID, CHART_TICK, chartFrame } from '../../../shared/ui/chart-frame';
import { binLabel, shortDay } from './quiz-performance-query';

const [PLAYS, SCORE] = CHART_COLORS;
const HEIGHT = 240;
// Hidden from assistive technology: the page carries the same figures as a table.
const decorative = { 'aria-hidden': true, accessibilityLayer: false } as const;

/** Finished plays per score bin. Loaded on its own (recharts). */
export function ScoreHistogram({ histogram }: { histogram: QuizPerformanceReport['histogram'] }) {
  const rows = histogram.map((bin) => ({ label: binLabel(bin), plays: bin.plays }));
  // Every bin keeps its label (a skipped one may be the tallest bar's); many bins tilt them to fit a phone.
  const tilt = rows.length > 6 ? ({ angle: -40, textAnchor: 'end', height: 44 } as const) : {};
  return (
    <BarChart {...chartFrame(HEIGHT)} {...decorative} data={rows}>
      <CartesianGrid vertical={false} stroke={CHART_GRID} />
      <XAxis dataKey="label" tick={CHART_TICK} interval={0} {...tilt} />
      <YAxis width={40} tick={CHART_TICK} allowDecimals={false} />
      <Tooltip
        formatter={(value) => [String(value), 'Finished plays']}
        labelFormatter={(l) => `Score ${l}`}
      />
      <Bar dataKey="plays" name="Finished plays" fill={PLAYS} maxBarSize={48} isAnimationActive={false} />
    </BarChart>
  );
}

/**
 * Finished plays (bars, left axis) and their mean score (line, right axis on the quiz's 0..max
 * scale, so a mean reads against the best possible) per Pakistan day; one day still shows.
 */
export function OverTimeChart({
  overTime,
  maxScore,
}: {
  overTime: QuizPerformanceReport['overTime'];
  maxScore: number;
}) {
  return (
    <ComposedChart {...chartFrame(HEIGHT)} {...decorative} data={[...overTime]}>
      <CartesianGrid vertical={false} stroke={CHART_GRID} />
      <XAxis dataKey="day" tickFormatter={shortDay} tick={CHART_TICK} minTickGap={8} />
      <YAxis yAxisId="plays" width={40} tick={{ ...CHART_TICK, fill: PLAYS }} allowDecimals={false} />
      <YAxis
        yAxisId="score"
        orientation="right"
        width={36}
        tick={{ ...CHART_TICK, fill: SCORE }}
        domain={[0, Math.max(1, maxScore)]}
        allowDecimals={false}
      />
      <Tooltip labelFormatter={(day) => shortDay(String(day))} />
      <Legend />
      <Bar
        yAxisId="plays"
        dataKey="finished"
        name="Finished plays"
        fill={PLAYS}
        maxBarSize={48}
        isAnimationActive={false}
      />
      <Line
        yAxisId="score"
        dataKey="meanScore"
        name="Mean score"
        stroke={SCORE}
        strokeWidth={2}
        dot={{ r: 4, fill: SCORE }}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
