// The rehearsal's "hosts": one network namespace each (rz-*), a veth pair from each to the bridge
// rz-br0 in the root namespace, addresses in 10.77.0.0/16. Everything made here is listed and
// removed by removeHosts (also at exit, on failure and on Ctrl-C: run.ts).
import { spawnSync } from 'node:child_process';

export const SUBNET_BITS = 16;
export const BRIDGE = 'rz-br0';
/** The root namespace's address on the bridge: the script reaches every host from here. */
export const BRIDGE_ADDRESS = '10.77.0.1';

/** Host name → address. Sentinels run on hosts of their own, as three small VMs would. */
export const HOSTS = {
  'rz-db1': '10.77.0.11',
  'rz-db2': '10.77.0.12',
  'rz-bouncer': '10.77.0.13',
  'rz-redis1': '10.77.0.21',
  'rz-redis2': '10.77.0.22',
  'rz-sent1': '10.77.0.31',
  'rz-sent2': '10.77.0.32',
  'rz-sent3': '10.77.0.33',
  'rz-app1': '10.77.0.41',
  'rz-app2': '10.77.0.42',
  'rz-lb': '10.77.0.50',
  'rz-client': '10.77.0.60',
} as const;
export type Host = keyof typeof HOSTS;

/** A short name for the veth ends (15 characters at most): rz-app1 → rzv-app1 / rzb-app1. */
const vethOf = (host: Host) => ({ inside: `rzv-${host.slice(3)}`, bridgeSide: `rzb-${host.slice(3)}` });

function ip(args: string[], { allowFail = false } = {}) {
  const res = spawnSync('ip', args, { encoding: 'utf8' });
  if (res.status !== 0 && !allowFail) {
    throw new Error(`ip ${args.join(' ')}: ${res.stderr.trim()}`);
  }
  return res;
}

/** Builds the bridge and every host; throws if a name is taken (a previous run not cleaned up). */
export function buildHosts() {
  const existing = ip(['netns', 'list']).stdout;
  if (/^rz-/m.test(existing)) {
    throw new Error(`namespaces rz-* exist already (a previous run?): run with --cleanup first\n${existing}`);
  }
  ip(['link', 'add', BRIDGE, 'type', 'bridge']);
  ip(['addr', 'add', `${BRIDGE_ADDRESS}/${SUBNET_BITS}`, 'dev', BRIDGE]);
  ip(['link', 'set', BRIDGE, 'up']);
  for (const [host, address] of Object.entries(HOSTS) as [Host, string][]) {
    const { inside, bridgeSide } = vethOf(host);
    ip(['netns', 'add', host]);
    ip(['link', 'add', bridgeSide, 'type', 'veth', 'peer', 'name', inside]);
    ip(['link', 'set', inside, 'netns', host]);
    ip(['link', 'set', bridgeSide, 'master', BRIDGE]);
    ip(['link', 'set', bridgeSide, 'up']);
    ip(['-n', host, 'addr', 'add', `${address}/${SUBNET_BITS}`, 'dev', inside]);
    ip(['-n', host, 'link', 'set', inside, 'up']);
    ip(['-n', host, 'link', 'set', 'lo', 'up']);
  }
}

/** A host's cable pulled (or plugged back): its veth end on the bridge down (up). */
export function setHostLink(host: Host, up: boolean) {
  ip(['link', 'set', vethOf(host).bridgeSide, up ? 'up' : 'down']);
}

/** The command line that runs `command` on `host`. */
export const onHost = (host: Host, command: string, args: string[]): [string, string[]] => [
  'ip',
  ['netns', 'exec', host, command, ...args],
];

/** Pids of every process living in `host`'s namespace. */
export function pidsOn(host: Host): number[] {
  const res = ip(['netns', 'pids', host], { allowFail: true });
  return res.stdout
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

/**
 * Kills whatever still runs in an rz-* namespace, then removes the namespaces, their veths and the
 * bridge. Safe to run again; returns what is left (should be nothing).
 */
export function removeHosts(): string[] {
  const namespaces = ip(['netns', 'list'], { allowFail: true })
    .stdout.split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith('rz-'));
  for (const ns of namespaces) {
    for (const pid of pidsOn(ns as Host)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
  for (const ns of namespaces) {
    ip(['netns', 'delete', ns], { allowFail: true });
  }
  for (const host of Object.keys(HOSTS) as Host[]) {
    ip(['link', 'delete', vethOf(host).bridgeSide], { allowFail: true });
  }
  ip(['link', 'delete', BRIDGE], { allowFail: true });
  return leftovers();
}

/** rz-* namespaces and links still present. */
export function leftovers(): string[] {
  const netns = ip(['netns', 'list'], { allowFail: true }).stdout.split('\n');
  const links = ip(['-o', 'link'], { allowFail: true }).stdout.split('\n');
  return [
    ...netns.filter((l) => l.startsWith('rz-')).map((l) => `netns ${l.split(' ')[0]}`),
    ...links.filter((l) => /^\d+: rz[bv-]/.test(l)).map((l) => `link ${l.split(':')[1]?.trim()}`),
  ];
}
