import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registry } from './metrics.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ops/prometheus/alerts.yml');

interface Rule {
  alert?: string;
  record?: string;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

const rules = parse(readFileSync(file, 'utf8')) as { groups?: { name?: unknown; rules?: Rule[] }[] };
const allRules = (rules.groups ?? []).flatMap((g) => g.rules ?? []);
/** A metric family's name from a series name (histogram and counter suffixes as prom-client exports them). */
const familyOf = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

describe('the Prometheus alerting rules (ops/prometheus/alerts.yml)', () => {
  it('are groups of named rules, each alert with an expression, a duration, a severity and a summary', () => {
    expect(rules.groups?.length).toBeGreaterThan(0);
    const names = new Set<unknown>();
    for (const group of rules.groups ?? []) {
      expect(typeof group.name).toBe('string');
      expect(names.has(group.name), `group ${String(group.name)} twice`).toBe(false);
      names.add(group.name);
      expect(group.rules?.length).toBeGreaterThan(0);
      for (const rule of group.rules ?? []) {
        expect(typeof rule.alert, JSON.stringify(rule)).toBe('string');
        expect(typeof rule.expr, rule.alert).toBe('string');
        expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
        expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
        expect(typeof rule.annotations?.summary, rule.alert).toBe('string');
        expect(
          Object.keys(rule).every((k) => ['alert', 'expr', 'for', 'labels', 'annotations'].includes(k)),
        ).toBe(true);
      }
    }
  });

  it('name only metrics this code registers', () => {
    const used = new Set(allRules.flatMap((r) => String(r.expr).match(/riyazi_\w+/g) ?? []));
    expect(used.size).toBeGreaterThanOrEqual(5);
    for (const name of used) {
      expect(registry.getSingleMetric(familyOf(name)), name).toBeDefined();
    }
  });

  it('alert on scoring lag, a queue not draining and workers not processing', () => {
    const byMetric = (metric: string) => allRules.filter((r) => String(r.expr).includes(metric));
    expect(byMetric('riyazi_answer_score_lag_seconds_bucket').length).toBeGreaterThan(0);
    expect(byMetric('riyazi_queue_oldest_waiting_seconds').length).toBeGreaterThan(0);
    expect(byMetric('riyazi_jobs_completed_total').length).toBeGreaterThan(0);
  });

  it('have balanced brackets and quotes in every expression (what promtool would reject first)', () => {
    for (const rule of allRules) {
      const expr = String(rule.expr);
      let depth = 0;
      for (const ch of expr.replace(/"[^"]*"/g, '')) {
        depth += ch === '(' || ch === '{' || ch === '[' ? 1 : ch === ')' || ch === '}' || ch === ']' ? -1 : 0;
        expect(depth, rule.alert).toBeGreaterThanOrEqual(0);
      }
      expect(depth, rule.alert).toBe(0);
      expect((expr.match(/"/g) ?? []).length % 2, rule.alert).toBe(0);
    }
  });
});
