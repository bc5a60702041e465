import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { paths } from '../../../config/paths';
import { CONTEST_ATTEMPTS, QUESTION_TIME_SECONDS, QUESTIONS_PER_ATTEMPT } from '../../../config/quiz-rules';
import { loadFlagsIntoStore } from '../../../shared/flags/load-flags';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useSystemFlags } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Alert, Card } from '../../../shared/ui/surface';
import { fetchAnnouncement, leaderboardKeys } from '../../leaderboard/leaderboard-api';
import { isAnnouncementVisible } from './announcement';
import './home.css';

const STEPS = [
  {
    title: 'Practise',
    text: 'Warm up with practice quizzes. You see right and wrong answers and explanations as you go.',
  },
  {
    title: 'Compete',
    text: `Each contest attempt has ${QUESTIONS_PER_ATTEMPT} questions with ${QUESTION_TIME_SECONDS} seconds each. Correct and quick answers score best.`,
  },
  {
    title: 'Rise through the phases',
    text: 'Top scorers of each grade move on to the next phase and the champions board.',
  },
];

// The live board (and its socket code) loads only when the flag shows it.
const HomeLeaderboardSection = lazy(() =>
  import('../../leaderboard/components/home-leaderboard').then((m) => ({
    default: m.HomeLeaderboardSection,
  })),
);

export function HomePage() {
  useDocumentTitle('');
  const { flags, status } = useSystemFlags();
  const announcement = useQuery({
    queryKey: leaderboardKeys.announcement,
    queryFn: ({ signal }) => fetchAnnouncement(signal),
    staleTime: 60_000,
    retry: 1,
  }).data;
  return (
    <div className="stack">
      <section className="hero" aria-labelledby="hero-title">
        <div>
          <span className="hero__eyebrow">Grades 2 to 9 · Pakistan</span>
          <h1 id="hero-title">Riyazi: the maths quiz and contest for young minds</h1>
          <p>
            Riyazi is an online maths contest for school students of grades 2 to 9. Practise at your own pace,
            then take the contest against students of your grade across Pakistan.
          </p>
          <div className="row">
            {flags.isRegistrationEnabled ? (
              <ButtonLink to={paths.signup} variant="accent">
                Sign up
              </ButtonLink>
            ) : null}
            <ButtonLink to={paths.login} variant="secondary">
              Log in
            </ButtonLink>
          </div>
        </div>
        <ul className="hero__facts" aria-label="Contest at a glance">
          <li>
            <strong>2–9</strong> grades
          </li>
          <li>
            <strong>{QUESTIONS_PER_ATTEMPT}</strong> questions per attempt
          </li>
          <li>
            <strong>{QUESTION_TIME_SECONDS}s</strong> per question
          </li>
          <li>
            <strong>{CONTEST_ATTEMPTS}</strong> contest attempts
          </li>
        </ul>
      </section>

      {status === 'error' ? (
        <Alert tone="warning">
          <p>We could not load the latest contest settings, so some sections may be hidden.</p>
          <Button small variant="secondary" onClick={() => void loadFlagsIntoStore()}>
            Try again
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
              <h2>Leaderboard</h2>
            </Card>
          }
        >
          <HomeLeaderboardSection />
        </Suspense>
      ) : null}

      {flags.isEmptyLeaderBoardDisplayed ? (
        <Card data-testid="empty-leaderboard-section" aria-labelledby="empty-leaderboard-title">
          <h2 id="empty-leaderboard-title">Leaderboard</h2>
          <p className="muted">No results yet. The leaderboard fills up as students finish their contest.</p>
        </Card>
      ) : null}

      <section aria-labelledby="how-title" className="stack">
        <h2 id="how-title">How it works</h2>
        <div className="home-grid">
          {STEPS.map((step, index) => (
            <Card key={step.title}>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
