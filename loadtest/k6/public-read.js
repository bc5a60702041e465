// k6 scenario for ops: students opening the home page at the same moment (flags + active phase).
// Run: k6 run -e BASE_URL=https://riyazi.example -e VUS=500 -e DURATION=60s loadtest/k6/public-read.js

import { check } from 'k6';
import http from 'k6/http';

export const options = {
  vus: Number(__ENV.VUS || 100),
  duration: __ENV.DURATION || '30s',
  thresholds: { http_req_failed: ['rate<0.001'], http_req_duration: ['p(95)<200'] },
};

const base = __ENV.BASE_URL || 'http://localhost:3000';

export default function () {
  const flags = http.get(`${base}/api/admin/flag/detail`);
  check(flags, { 'flags 200': (r) => r.status === 200 && Array.isArray(r.json()) });
  const phase = http.get(`${base}/api/contestPhase/active`);
  check(phase, { 'phase 200': (r) => r.status === 200 });
}
