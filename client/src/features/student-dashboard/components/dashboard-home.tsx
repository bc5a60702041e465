import type { QuizKind } from '@riyazi/api/contracts';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Ltr, type MessageKey, PersonName, useT } from '../../../shared/i18n';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { Card } from '../../../shared/ui/surface';
import { AvailableQuizzes } from './available-quizzes';
import { CertificatesCard } from './certificates-card';
import { PhaseStandingCard } from './phase-standing-card';
import './dashboard.css';

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
          {fillTemplate(t('dashboard.welcome'), { name: <PersonName name={student.username} /> })}
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

      <CertificatesCard />

      <div className="dash-quizzes">
        <QuizKindCard
          type="CONTEST"
          title="dashboard.card.contest.title"
          text={student.isAttemptEarned ? 'dashboard.card.contest.ready' : 'dashboard.card.contest.none'}
        />
        <QuizKindCard
          type="PRACTICE"
          title="dashboard.card.practice.title"
          text="dashboard.card.practice.text"
        />
      </div>

      <Card className="dash-card" aria-labelledby="dash-payment-title">
        <h2 id="dash-payment-title">{t('dashboard.card.payment.title')}</h2>
        <p className="muted">
          {t(student.isAttemptEarned ? 'dashboard.card.payment.more' : 'dashboard.card.payment.none')}
        </p>
        <ButtonLink to={paths.dashboardPayment} variant="secondary">
          {t('dashboard.card.payment.action')}
        </ButtonLink>
      </Card>
    </div>
  );
}

/** One card per kind of quiz: what it is, then the quizzes of that kind open now, each with Start or Resume. */
function QuizKindCard({ type, title, text }: { type: QuizKind; title: MessageKey; text: MessageKey }) {
  const t = useT();
  const id = `dash-${type.toLowerCase()}-title`;
  return (
    <Card className="dash-quiz-card" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      <p className="muted">{t(text)}</p>
      <AvailableQuizzes type={type} />
    </Card>
  );
}

export default DashboardHome;
