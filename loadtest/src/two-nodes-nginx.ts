// nginx for two-nodes.ts: deploy/nginx/riyazi.conf run as a plain process in a folder of its own,
// and the times its access log recorded.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './own-stack.js';

interface NginxSetup {
  /** The nginx binary. */
  nginx: string;
  /** The folder for its configuration, temporary files and logs. */
  work: string;
  ports: { nginx: number; a: number; b: number };
  /** Other api servers than 127.0.0.1:a and :b (host:port), and another listen address (the rehearsal's hosts). */
  upstreams?: string[];
  listen?: string;
  /** A command prefix to test the config with (`ip netns exec rz-lb`: where the listen address exists). */
  testPrefix?: string[];
}

/** deploy/nginx/riyazi.conf with the two local api nodes as its upstream servers, in a config of its own. */
export function writeNginxConfig({
  nginx,
  work,
  ports,
  upstreams,
  listen,
  testPrefix = [],
}: NginxSetup): string {
  const servers = upstreams ?? [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`];
  const listenOn = listen ?? `127.0.0.1:${ports.nginx}`;
  const site = readFileSync(path.join(repoRoot, 'deploy/nginx/riyazi.conf'), 'utf8');
  let replaced = 0;
  const adapted = site
    .replace(/server api:3000 resolve([^;]*);/g, (_line, options: string) => {
      replaced += 1;
      return servers.map((server) => `server ${server}${options};`).join('\n    ');
    })
    .replace('listen 80;', `listen ${listenOn} backlog=65535;`)
    .replace('/var/log/nginx/access.log', path.join(work, 'access.log'));
  if (replaced !== 2 || !adapted.includes(`listen ${listenOn}`)) {
    throw new Error(
      'deploy/nginx/riyazi.conf changed shape: two `server api:3000 resolve …;` and `listen 80;` expected',
    );
  }
  writeFileSync(path.join(work, 'riyazi.conf'), adapted);
  for (const dir of ['client_body', 'proxy']) {
    mkdirSync(path.join(work, dir));
  }
  const main = `worker_processes 1;
worker_rlimit_nofile 65535;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 16384; }
http {
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  include ${work}/riyazi.conf;
}
`;
  const file = path.join(work, 'nginx.conf');
  writeFileSync(file, main);
  const [command = nginx, ...args] = [...testPrefix, nginx, '-t', '-p', work, '-c', file];
  const tested = spawnSync(command, args, { encoding: 'utf8' });
  if (tested.status !== 0) {
    throw new Error(`nginx -t failed (is nginx installed? apt-get install -y nginx):\n${tested.stderr}`);
  }
  return file;
}

/**
 * Where a request's time went, from nginx's access log (its `rt` and `urt` fields, seconds): the
 * time nginx held it and the time the api took. The rest of what the client measured was spent
 * before nginx read the request (the connection waiting to be accepted) or in the client itself.
 */
export function nginxTimes(work: string, pathPrefix: string): { nginx: number[]; upstream: number[] } {
  const nginx: number[] = [];
  const upstream: number[] = [];
  const log = readFileSync(path.join(work, 'access.log'), 'utf8');
  for (const line of log.split('\n')) {
    if (!line.includes(` ${pathPrefix}`)) {
      continue;
    }
    const rt = /\brt=([\d.]+)/.exec(line)?.[1];
    const urt = /\burt=([\d.]+)/.exec(line)?.[1];
    if (rt !== undefined) {
      nginx.push(Number(rt) * 1000);
    }
    if (urt !== undefined) {
      upstream.push(Number(urt) * 1000);
    }
  }
  return { nginx, upstream };
}
