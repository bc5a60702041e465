import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { paths } from '../../../config/paths';
import { CONTEST_ATTEMPTS, QUESTION_TIME_SECONDS, QUESTIONS_PER_ATTEMPT } from '../../../config/quiz-rules';
import { loadFlagsIntoStore } from '../../../shared/flags/load-flags';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Ltr, type MessageKey, useT } from '../../../shared/i18n';
import { useStudentAuth, useSystemFlags } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Alert, Card } from '../../../shared/ui/surface';
import { fetchAnnouncement, homeKeys } from '../home-api';
import { isAnnouncementVisible } from './announcement';
import './home.css';

const STEPS: { title: MessageKey; text: MessageKey }[] = [
  { title: 'site.home.step1.title', text: 'site.home.step1.text' },
  { title: 'site.home.step2.title', text: 'site.home.step2.text' },
  { title: 'site.home.step3.title', text: 'site.home.step3.text' },
];
const STEP_VALUES = { questions: QUESTIONS_PER_ATTEMPT, seconds: QUESTION_TIME_SECONDS };

interface HomePageProps {
  /**
   * The live leaderboard section, shown when the flag isLeaderBoardDisplayed is on (it may suspend).
   * `emptyNote`: what it shows instead of its grades while no grade has a result, when the flag
   * isEmptyLeaderBoardDisplayed is on too (one board, one state: never "no results" beside results).
   */
  leaderboard: (emptyNote: ReactNode) => ReactNode;
}

export function HomePage({ leaderboard }: HomePageProps) {
  useDocumentTitle('');
  const t = useT();
  const { flags, status } = useSystemFlags();
  // Signed in, the hero leads to the dashboard rather than offering to sign up or log in again.
  const student = useStudentAuth();
  const announcement = useQuery({
    queryKey: homeKeys.announcement,
    queryFn: ({ signal }) => fetchAnnouncement(signal),
    staleTime: 60_000,
    retry: 1,
  }).data;
  return (
    <div className="stack">
      <section className="hero" aria-labelledby="hero-title">
        <div>
          <span className="hero__eyebrow">{t('site.home.eyebrow')}</span>
          <h1 id="hero-title">{t('site.home.title')}</h1>
          <p>{t('site.home.intro')}</p>
          <div className="row">
            {student !== null ? (
              <ButtonLink to={paths.dashboard} variant="accent">
                {t('common.dashboard')}
              </ButtonLink>
            ) : (
              <>
                {flags.isRegistrationEnabled ? (
                  <ButtonLink to={paths.signup} variant="accent">
                    {t('common.signUp')}
                  </ButtonLink>
                ) : null}
                <ButtonLink to={paths.login} variant="secondary">
                  {t('common.logIn')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
        <ul className="hero__facts" aria-label={t('site.home.facts')}>
          <li>
            <strong>
              <Ltr>2–9</Ltr>
            </strong>{' '}
            {t('site.home.factGrades')}
          </li>
          <li>
            <strong>
              <Ltr>{QUESTIONS_PER_ATTEMPT}</Ltr>
            </strong>{' '}
            {t('site.home.factQuestions')}
          </li>
          <li>
            <strong>
              <Ltr>{QUESTION_TIME_SECONDS}s</Ltr>
            </strong>{' '}
            {t('site.home.factSeconds')}
          </li>
          <li>
            <strong>
              <Ltr>{CONTEST_ATTEMPTS}</Ltr>
            </strong>{' '}
            {t('site.home.factAttempts')}
          </li>
        </ul>
      </section>

      {status === 'error' ? (
        <Alert tone="warning">
          <p>{t('site.home.flagsFailed')}</p>
          <Button small variant="secondary" onClick={() => void loadFlagsIntoStore()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : null}

      {announcement &&
      isAnnouncementVisible(new Date(), announcement.endsAt ? new Date(announcement.endsAt) : null) ? (
        <Card data-testid="announcement-section" aria-labelledby="announcement-title">
          <h2 id="announcement-title">{announcement.title}</h2>
          {announcement.body ? <p className="announcement-body">{announcement.body}</p> : null}
        </Card>
      ) : null}

      {flags.isLeaderBoardDisplayed ? (
        <Suspense
          fallback={
            <Card data-testid="leaderboard-section">
              <h2>{t('site.home.leaderboard')}</h2>
            </Card>
          }
        >
          {leaderboard(
            flags.isEmptyLeaderBoardDisplayed ? (
              <p className="muted" data-testid="leaderboard-no-results">
                {t('site.home.emptyBoard')}
              </p>
            ) : null,
          )}
        </Suspense>
      ) : flags.isEmptyLeaderBoardDisplayed ? (
        <Card data-testid="empty-leaderboard-section" aria-labelledby="empty-leaderboard-title">
          <h2 id="empty-leaderboard-title">{t('site.home.leaderboard')}</h2>
          <p className="muted">{t('site.home.emptyBoard')}</p>
        </Card>
      ) : null}

      <section aria-labelledby="how-title" className="stack">
        <h2 id="how-title">{t('site.home.how')}</h2>
        <div className="home-grid">
          {STEPS.map((step, index) => (
            <Card key={step.title}>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(step.title)}</h3>
              <p className="muted">{t(step.text, STEP_VALUES)}</p>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
