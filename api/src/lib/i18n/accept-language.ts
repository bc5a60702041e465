import type { StudentLanguage } from '../../contracts/accounts/types.js';

/** The language an Accept-Language header prefers of those we speak: 'ur' only when Urdu ranks first. */
export function preferredLanguage(header: string | undefined): StudentLanguage {
  if (!header) {
    return 'en';
  }
  let best: { language: StudentLanguage; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const base = tag.trim().toLowerCase().split('-')[0];
    if (base !== 'ur' && base !== 'en') {
      continue;
    }
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q) && q > 0 && (best === null || q > best.q)) {
      best = { language: base, q };
    }
  }
  return best?.language ?? 'en';
}
