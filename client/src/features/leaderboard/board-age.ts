import type { Translate } from '../../shared/i18n';

/**
 * "Updated 3 s ago": how old a board's data is (`asOf`, the server's time of the data, which a read
 * replica may hold a few seconds behind). A device clock ahead of the server reads "just now".
 */
export function boardAgeText(t: Translate, asOf: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(asOf)) / 1000));
  if (Number.isNaN(seconds) || seconds < 2) {
    return t('leaderboard.age.now');
  }
  if (seconds < 60) {
    return t('leaderboard.age.seconds', { count: seconds });
  }
  if (seconds < 3600) {
    return t('leaderboard.age.minutes', { count: Math.floor(seconds / 60) });
  }
  return t('leaderboard.age.hours', { count: Math.floor(seconds / 3600) });
}
