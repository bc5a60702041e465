import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '@riyazi/api/config';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { root } from './compose-file.js';
import { kubernetesProblems } from './k8s-schema.js';

// deploy/k8s checked without a cluster: every object against the Kubernetes schemas (unknown fields
// refused, as kubectl's strict field validation does), probes on the app's real routes and ports,
// and every variable they set one the config loader knows.

const dir = path.join(root, 'deploy/k8s');
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are read as plain YAML
  spec?: any;
  data?: Record<string, string>;
}

const objects: K8sObject[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => doc.toJS() as K8sObject),
);
const find = (kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) {
    throw new Error(`deploy/k8s has no ${kind} ${name}`);
  }
  return found;
};
const container = (name: string) => find('Deployment', name).spec.template.spec.containers[0];
const configMap = () => find('ConfigMap', 'riyazi-config').data ?? {};

describe('Kubernetes manifests', () => {
  it('lists every manifest in kustomization.yaml', () => {
    const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
  });

  it('are valid Kubernetes objects, each of them', () => {
    expect(objects.length).toBeGreaterThanOrEqual(10);
    for (const object of objects) {
      expect(kubernetesProblems(object), `${object.kind} ${object.metadata.name}`).toEqual([]);
    }
  });

  it('would be refused with a misspelt field or a wrong type', () => {
    const api = structuredClone(find('Deployment', 'riyazi-api'));
    api.spec.template.spec.containers[0].readinesProbe = api.spec.template.spec.containers[0].readinessProbe;
    expect(kubernetesProblems(api)).toEqual([
      'Deployment.spec.template.spec.containers[0].readinesProbe: unknown field',
    ]);
    const typo = structuredClone(find('PodDisruptionBudget', 'riyazi-api'));
    typo.spec.maxUnavailabel = 1;
    expect(kubernetesProblems(typo)).toEqual(['PodDisruptionBudget.spec.maxUnavailabel: unknown field']);
    const wrongType = structuredClone(find('Deployment', 'riyazi-workers'));
    wrongType.spec.replicas = 'two';
    expect(kubernetesProblems(wrongType).join('\n')).toMatch(/replicas must be integer/);
    expect(kubernetesProblems({ apiVersion: 'apps/v1', kind: 'Deployent' })).toEqual([
      'apps/v1 Deployent: not a kind of the Kubernetes API',
    ]);
  });

  it("probes the api's own health routes and port", () => {
    const api = container('riyazi-api');
    const port = api.ports.find((p: { name: string }) => p.name === 'http');
    expect(port.containerPort).toBe(loadConfig({ ...configMap(), ...SECRETS }).PORT);
    expect(api.readinessProbe.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
    expect(api.livenessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    const routes = readFileSync(path.join(root, 'api/src/modules/health/health.routes.ts'), 'utf8');
    expect(routes).toContain("'/health/ready'");
    expect(routes).toContain("'/health',");
  });

  it("probes the workers' heartbeat on WORKER_HEALTH_PORT", () => {
    const workers = container('riyazi-workers');
    const port = workers.ports.find((p: { name: string }) => p.name === 'health');
    expect(port.containerPort).toBe(loadConfig({ ...configMap(), ...SECRETS }).WORKER_HEALTH_PORT);
    expect(workers.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'health' });
    expect(workers.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'health' });
  });

  it('sets only variables the config loader knows, in values it accepts, and commits no secret', () => {
    // Accepted as a whole (a bad value would throw), then each name checked against the loader's list.
    loadConfig({ ...configMap(), ...SECRETS });
    const known = new Set(CONFIG_VARIABLES);
    const named = [
      ...Object.keys(configMap()),
      ...objects
        .filter((o) => o.kind === 'Deployment')
        .flatMap((o) =>
          o.spec.template.spec.containers.flatMap((c: { env?: { name: string }[] }) => c.env ?? []),
        )
        .map((e: { name: string }) => e.name),
    ];
    expect(named.filter((name) => !known.has(name))).toEqual([]);
    expect(objects.some((o) => o.kind === 'Secret')).toBe(false);
    for (const secret of ['JWT_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL']) {
      expect(configMap()[secret], secret).toBeUndefined();
    }
  });

  it('runs the contest and background worker groups in Deployments of their own', () => {
    const groupOf = (name: string) =>
      container(name).env?.find((e: { name: string }) => e.name === 'WORKER_GROUPS')?.value;
    expect(groupOf('riyazi-workers')).toBe('contest');
    expect(groupOf('riyazi-workers-background')).toBe('background');
    expect(container('riyazi-workers-background').livenessProbe.httpGet.path).toBe('/health/live');
  });

  it('keeps sticky sessions for Socket.IO long-polling, and a disruption budget for each Deployment', () => {
    const socket = find('Ingress', 'riyazi-socket');
    expect(socket.metadata).toMatchObject({
      annotations: { 'nginx.ingress.kubernetes.io/affinity': 'cookie' },
    });
    expect(socket.spec.rules[0].http.paths[0].path).toBe('/socket.io/');
    for (const name of ['riyazi-api', 'riyazi-workers', 'riyazi-workers-background']) {
      const labels = find('Deployment', name).spec.selector.matchLabels;
      expect(find('PodDisruptionBudget', name).spec.selector.matchLabels).toEqual(labels);
    }
  });
});

/** The Secret riyazi-secrets' keys (deploy/k8s/README.md), with made-up values. */
const SECRETS = {
  JWT_SECRET: 'j'.repeat(40),
  ENCRYPTION_KEY: 'e'.repeat(64),
  DATABASE_URL: 'postgres://riyazi:x@postgres:5432/riyazi',
};
