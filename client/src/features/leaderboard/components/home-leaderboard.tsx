import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../../../shared/i18n';
import { useStudentAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { Card, LoadingBlock } from '../../../shared/ui/surface';
import { applyPushedBoard, keepNewerBoards } from '../board-freshness';
import { fetchHomeLeaderboard, type HomeLeaderboard, leaderboardKeys } from '../leaderboard-api';
import { useLiveBoard } from '../use-live';
import { BoardAge } from './board-age';
import { LeaderboardTable } from './leaderboard-table';
import '../leaderboard.css';

const HOME_ROWS = 5;

/**
 * The home page's live leaderboard (flag isLeaderBoardDisplayed): the contest phase, one grade at a
 * time. `emptyNote`, when given, stands in for the grades while none has a result yet.
 */
export function HomeLeaderboardSection({ emptyNote = null }: { emptyNote?: ReactNode }) {
  const t = useT();
  const queryClient = useQueryClient();
  const home = useQuery({
    queryKey: leaderboardKeys.home,
    // A push that lands while this request is out is newer than its answer: keep it.
    queryFn: async ({ signal }) =>
      keepNewerBoards(
        queryClient.getQueryData<HomeLeaderboard>(leaderboardKeys.home),
        await fetchHomeLeaderboard(signal),
      ),
    staleTime: 30_000,
  });
  const [picked, setPicked] = useState<string | null>(null);
  // A signed-in student looks for their own grade first; anyone else, for a board with results.
  const ownGradeId = useStudentAuth()?.gradeId ?? null;
  const grades = home.data?.grades ?? [];
  const current =
    grades.find((g) => g.gradeId === picked) ??
    grades.find((g) => g.gradeId === ownGradeId) ??
    grades.find((g) => g.board.entries.length > 0) ??
    grades[0];
  const phaseId = home.data?.phase?._id ?? null;
  const tabsRef = useRef<HTMLDivElement>(null);
  const currentId = current?.gradeId ?? null;
  // On a phone the tabs scroll sideways: bring the grade shown (a grade 9 student's own) into view,
  // moving the tab row only, never the page.
  useEffect(() => {
    const list = tabsRef.current;
    const tab = currentId === null ? null : list?.querySelector<HTMLElement>(`[data-grade="${currentId}"]`);
    if (!list || !tab) {
      return;
    }
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left || tabBox.right > listBox.right) {
      list.scrollBy({ left: tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2 });
    }
  }, [currentId]);

  useLiveBoard(phaseId, current?.gradeId ?? null, {
    onUpdate: (board) =>
      queryClient.setQueryData<HomeLeaderboard>(leaderboardKeys.home, (old) =>
        old ? applyPushedBoard(old, board, HOME_ROWS) : old,
      ),
    onResync: () => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.home }),
  });

  return (
    <Card data-testid="leaderboard-section" aria-labelledby="leaderboard-title" className="home-board">
      <h2 id="leaderboard-title">
        {t('leaderboard.title')}
        {home.data?.phase ? ` · ${home.data.phase.title}` : ''}
      </h2>
      {home.isPending ? (
        <LoadingBlock label={t('leaderboard.loading')} />
      ) : home.isError ? (
        <p className="muted">
          {t('leaderboard.failed')}{' '}
          <Button small variant="secondary" onClick={() => void home.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </p>
      ) : emptyNote !== null && !grades.some((g) => g.board.entries.length > 0) ? (
        emptyNote
      ) : !current ? (
        <p className="muted">{t('leaderboard.notStarted')}</p>
      ) : (
        <>
          <div className="board-tabs" role="tablist" aria-label={t('leaderboard.gradeTabs')} ref={tabsRef}>
            {grades.map((g) => (
              <button
                key={g.gradeId}
                type="button"
                role="tab"
                aria-selected={g.gradeId === current.gradeId}
                data-grade={g.gradeId}
                className="board-tabs__tab"
                onClick={() => setPicked(g.gradeId)}
              >
                {g.title}
              </button>
            ))}
          </div>
          {current.board.entries.length === 0 ? (
            <p className="muted" data-testid="leaderboard-empty-grade">
              {fillTemplate(t('leaderboard.emptyGrade'), { grade: <bdi>{current.title}</bdi> })}
            </p>
          ) : (
            <LeaderboardTable
              entries={current.board.entries}
              caption={t('leaderboard.caption', { grade: current.title })}
            />
          )}
          <p className="muted board-note">
            {current.board.frozen
              ? t('leaderboard.frozen')
              : current.board.rankedCount === 1
                ? t('leaderboard.rankedOne')
                : t('leaderboard.ranked', { count: current.board.rankedCount })}
            {' · '}
            <BoardAge asOf={current.board.asOf} />
          </p>
        </>
      )}
    </Card>
  );
}
