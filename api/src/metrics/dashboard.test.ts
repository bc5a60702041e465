import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registry } from './metrics.js';

const file = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../ops/grafana/contest-day.json',
);

describe('the contest-day dashboard', () => {
  it('queries only metrics this code defines', () => {
    const dashboard = JSON.parse(readFileSync(file, 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    const names = new Set(exprs.flatMap((e) => e.match(/riyazi_\w+/g) ?? []));
    expect(names.size).toBeGreaterThanOrEqual(9);
    for (const name of names) {
      expect(registry.getSingleMetric(name.replace(/_(bucket|count|sum)$/, '')), name).toBeDefined();
    }
  });
});
