import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Ltr, type MessageKey, useT } from '../../../shared/i18n';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { Card } from '../../../shared/ui/surface';
import { AvailableQuizzes } from './available-quizzes';
import { PhaseStandingCard } from './phase-standing-card';
import './dashboard.css';

interface DashboardCard {
  href: string;
  title: MessageKey;
  text: MessageKey;
  action: MessageKey;
}

function cards(isAttemptEarned: boolean): DashboardCard[] {
  return [
    {
      href: paths.practiceQuiz,
      title: 'dashboard.card.practice.title',
      text: 'dashboard.card.practice.text',
      action: 'dashboard.card.practice.action',
    },
    {
      href: paths.contestQuiz,
      title: 'dashboard.card.contest.title',
      text: isAttemptEarned ? 'dashboard.card.contest.ready' : 'dashboard.card.contest.none',
      action: 'dashboard.card.contest.action',
    },
    {
      href: paths.dashboardPayment,
      title: 'dashboard.card.payment.title',
      text: isAttemptEarned ? 'dashboard.card.payment.more' : 'dashboard.card.payment.none',
      action: 'dashboard.card.payment.action',
    },
  ];
}

export function DashboardHome() {
  const t = useT();
  useDocumentTitle(t('common.dashboard'));
  // Grade, profile completion and attempts can change on the server: refresh them on every visit.
  useStudentSessionSync();
  const student = useStudentAuth();
  if (student === null) {
    return null;
  }
  return (
    <div className="stack" data-testid="dashboard-home">
      <section className="dash-welcome" aria-labelledby="dash-welcome-title">
        <h1 id="dash-welcome-title">
          {fillTemplate(t('dashboard.welcome'), { name: <bdi>{student.username}</bdi> })}
        </h1>
        <dl className="dash-facts">
          <div>
            <dt>{t('dashboard.studentNumber')}</dt>
            <dd data-testid="dashboard-student-id">
              <Ltr>{student.studentId}</Ltr>
            </dd>
          </div>
          <div>
            <dt>{t('dashboard.grade')}</dt>
            <dd>{student.gradeTitle ?? t('dashboard.gradeNotChosen')}</dd>
          </div>
        </dl>
      </section>

      {!student.isProfileCompleted ? (
        <Card
          className="dash-callout"
          data-testid="complete-profile-card"
          aria-labelledby="complete-profile-title"
        >
          <h2 id="complete-profile-title">{t('dashboard.completeProfile.title')}</h2>
          <p>{t('dashboard.completeProfile.text')}</p>
          <ButtonLink to={paths.profileEdit} variant="accent">
            {t('dashboard.completeProfile.title')}
          </ButtonLink>
        </Card>
      ) : null}

      <PhaseStandingCard />

      <div className="dash-quizzes">
        <Card aria-labelledby="dash-contest-title">
          <h2 id="dash-contest-title">{t('dashboard.contestQuizzes')}</h2>
          <AvailableQuizzes type="CONTEST" />
        </Card>
        <Card aria-labelledby="dash-practice-title">
          <h2 id="dash-practice-title">{t('dashboard.practiceQuizzes')}</h2>
          <AvailableQuizzes type="PRACTICE" />
        </Card>
      </div>

      <div className="dash-cards">
        {cards(student.isAttemptEarned).map((card, index) => (
          <Card key={card.href} className="dash-card" aria-labelledby={`dash-card-${index}`}>
            <h2 id={`dash-card-${index}`}>{t(card.title)}</h2>
            <p className="muted">{t(card.text)}</p>
            <ButtonLink to={card.href} variant="secondary">
              {t(card.action)}
            </ButtonLink>
          </Card>
        ))}
      </div>
    </div>
  );
}

export default DashboardHome;
