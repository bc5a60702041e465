// What the back office's recharts charts share. SVG attributes cannot read CSS variables: the token
// colours, spelled out (primary, accent, then more for series after them).
export const CHART_COLORS = ['#115e67', '#f29e4c', '#3b3f8f', '#8a1c1c', '#5b8c2a', '#7a4fa3'] as const;
export const CHART_GRID = '#d9dee6';
export const CHART_TICK = { fontSize: 12 } as const;

/** The props of a chart that fills its box's width at `height` px. */
export const chartFrame = (height: number) =>
  ({
    responsive: true,
    style: { width: '100%', height },
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  }) as const;
