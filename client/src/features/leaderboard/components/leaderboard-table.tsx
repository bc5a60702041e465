import { formatDuration } from '../../../shared/format/duration';
import { Ltr, PersonName, useT } from '../../../shared/i18n';
import type { LeaderboardEntry } from '../leaderboard-api';
import { formatScore } from '../leaderboard-api';

/** A board's rows: rank, name (as the privacy setting allows), school and city when shown, score, time. */
export function LeaderboardTable({ entries, caption }: { entries: LeaderboardEntry[]; caption: string }) {
  const t = useT();
  const showSchool = entries.some((e) => e.school !== null);
  const showCity = entries.some((e) => e.city !== null);
  return (
    <table className="board" data-testid="leaderboard-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('leaderboard.col.name')}</th>
          {showSchool ? (
            <th scope="col" className="board__extra">
              {t('leaderboard.col.school')}
            </th>
          ) : null}
          {showCity ? (
            <th scope="col" className="board__extra">
              {t('leaderboard.col.city')}
            </th>
          ) : null}
          <th scope="col" className="board__num">
            {t('leaderboard.col.score')}
          </th>
          <th scope="col" className="board__num">
            {t('leaderboard.col.time')}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={`${entry.rank}-${entry.name}`} data-testid="leaderboard-row">
            <td className="board__rank">
              <span className={entry.rank <= 3 ? `board__medal board__medal--${entry.rank}` : undefined}>
                {entry.rank}
              </span>
            </td>
            <td className="board__name">
              <PersonName name={entry.name} />
            </td>
            {showSchool ? (
              <td className="board__muted board__extra">
                <PersonName name={entry.school ?? ''} />
              </td>
            ) : null}
            {showCity ? (
              <td className="board__muted board__extra">
                <PersonName name={entry.city ?? ''} />
              </td>
            ) : null}
            <td className="board__num">
              <Ltr>{formatScore(entry.score)}</Ltr>
            </td>
            <td className="board__num board__muted">
              <Ltr>{formatDuration(entry.timeMs)}</Ltr>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
