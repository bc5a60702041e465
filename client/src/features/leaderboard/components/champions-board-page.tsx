import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { type MessageKey, PersonName, type Translate, useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui/button';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { fetchChampions, leaderboardKeys } from '../leaderboard-api';
import { useLiveChampions } from '../use-live';
import { BoardAge } from './board-age';
import '../leaderboard.css';

const PLACE: Partial<Record<number, MessageKey>> = {
  1: 'leaderboard.place.1',
  2: 'leaderboard.place.2',
  3: 'leaderboard.place.3',
};

function placeText(t: Translate, position: number | null): string {
  if (!position) {
    return '★';
  }
  const place = PLACE[position];
  return place === undefined ? `#${position}` : t(place);
}

/** /champions-board (public): winners per phase and grade, live as winners are added. */
export function ChampionsBoardPage() {
  const t = useT();
  useDocumentTitle(t('leaderboard.champions.title'));
  const since = useLiveChampions();
  // Screen view: the board alone, large, for a projector or a hall screen (?screen=1 for a kiosk).
  const [params, setParams] = useSearchParams();
  const screen = params.get('screen') === '1';
  const setScreen = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) {
        next.set('screen', '1');
      } else {
        next.delete('screen');
      }
      return next;
    });
  useEffect(() => {
    if (!screen) {
      return undefined;
    }
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setScreen(false);
      }
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  });
  const champions = useQuery({
    queryKey: leaderboardKeys.champions,
    queryFn: ({ signal }) => fetchChampions(since(), signal),
    staleTime: 30_000,
  });
  return (
    <div className={`stack champions${screen ? ' champions--screen' : ''}`} data-testid="champions-board">
      <header className="champions__head">
        <div>
          <h1>{t('leaderboard.champions.title')}</h1>
          <p className="muted">{t('leaderboard.champions.intro')}</p>
          {champions.data ? (
            <p className="muted board-note">
              <BoardAge asOf={champions.data.asOf} />
            </p>
          ) : null}
        </div>
        <Button small variant="secondary" onClick={() => setScreen(!screen)} data-testid="champions-screen">
          {screen ? t('leaderboard.champions.exitScreen') : t('leaderboard.champions.screen')}
        </Button>
      </header>
      {champions.isPending ? (
        <LoadingBlock label={t('leaderboard.champions.loading')} />
      ) : champions.isError ? (
        <Alert tone="error">
          {t('leaderboard.champions.failed')}{' '}
          <Button small variant="secondary" onClick={() => void champions.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : champions.data.phases.length === 0 ? (
        <p className="muted" data-testid="champions-empty">
          {t('leaderboard.champions.empty')}
        </p>
      ) : (
        champions.data.phases.map((phase) => (
          <section key={phase._id} className="champions__phase" aria-labelledby={`phase-${phase._id}`}>
            <h2 id={`phase-${phase._id}`}>{phase.title}</h2>
            <div className="champions__grid">
              {phase.grades.map((grade) => (
                <article key={grade.gradeId} className="champions__grade" data-testid="champions-grade">
                  <h3>{grade.title}</h3>
                  <ol className="champions__list">
                    {grade.winners.map((w) => (
                      <li
                        key={`${w.position ?? ''}-${w.name}-${w.school ?? ''}-${w.city ?? ''}`}
                        className="champions__winner"
                        data-testid="champion"
                      >
                        <span className="champions__place">{placeText(t, w.position)}</span>
                        <span className="champions__who">
                          <strong>
                            <PersonName name={w.name} />
                          </strong>
                          {w.school || w.city ? (
                            <span className="muted">
                              {w.school ? <PersonName name={w.school} /> : null}
                              {w.school && w.city ? ', ' : null}
                              {w.city ? <PersonName name={w.city} /> : null}
                            </span>
                          ) : null}
                        </span>
                      </li>
                    ))}
                  </ol>
                </article>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
