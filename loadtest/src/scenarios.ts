/** The same scenarios as k6/*.js, as request sequences a Node runner can replay. */
export interface Step {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  expectStatus: number;
}

export const scenarios: Record<string, Step[]> = {
  'public-read': [
    { name: 'flags', method: 'GET', path: '/api/admin/flag/detail', expectStatus: 200 },
    { name: 'active phase', method: 'GET', path: '/api/contestPhase/active', expectStatus: 200 },
  ],
};
