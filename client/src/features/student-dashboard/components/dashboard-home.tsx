import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/surface';
import { AvailableQuizzes } from './available-quizzes';
import { PhaseStandingCard } from './phase-standing-card';
import './dashboard.css';

interface DashboardCard {
  href: string;
  title: string;
  text: string;
  action: string;
}

function cards(isAttemptEarned: boolean): DashboardCard[] {
  return [
    {
      href: paths.practiceQuiz,
      title: 'Practice quiz',
      text: 'Warm up at your own pace. You see the right answers and explanations as you go.',
      action: 'Practise',
    },
    {
      href: paths.contestQuiz,
      title: 'Contest quiz',
      text: isAttemptEarned
        ? 'You have contest attempts ready. Do your best: quick, correct answers score highest.'
        : 'Take on students of your grade from all over Pakistan.',
      action: 'Go to the contest',
    },
    {
      href: paths.dashboardPayment,
      title: 'Payment',
      text: isAttemptEarned
        ? 'Need more attempts? Pay or enter a code here.'
        : 'Pay or enter a code to get your contest attempts.',
      action: 'Get attempts',
    },
  ];
}

export function DashboardHome() {
  useDocumentTitle('Dashboard');
  // Grade, profile completion and attempts can change on the server: refresh them on every visit.
  useStudentSessionSync();
  const student = useStudentAuth();
  if (student === null) {
    return null;
  }
  return (
    <div className="stack" data-testid="dashboard-home">
      <section className="dash-welcome" aria-labelledby="dash-welcome-title">
        <h1 id="dash-welcome-title">Welcome, {student.username}!</h1>
        <dl className="dash-facts">
          <div>
            <dt>Student number</dt>
            <dd data-testid="dashboard-student-id">{student.studentId}</dd>
          </div>
          <div>
            <dt>Grade</dt>
            <dd>{student.gradeTitle ?? 'Not chosen yet'}</dd>
          </div>
        </dl>
      </section>

      {!student.isProfileCompleted ? (
        <Card
          className="dash-callout"
          data-testid="complete-profile-card"
          aria-labelledby="complete-profile-title"
        >
          <h2 id="complete-profile-title">Complete your profile</h2>
          <p>
            Add your school, grade and the other missing details. You need a complete profile to take the
            contest.
          </p>
          <ButtonLink to={paths.profileEdit} variant="accent">
            Complete your profile
          </ButtonLink>
        </Card>
      ) : null}

      <PhaseStandingCard />

      <div className="dash-quizzes">
        <Card aria-labelledby="dash-contest-title">
          <h2 id="dash-contest-title">Contest quizzes</h2>
          <AvailableQuizzes type="CONTEST" />
        </Card>
        <Card aria-labelledby="dash-practice-title">
          <h2 id="dash-practice-title">Practice quizzes</h2>
          <AvailableQuizzes type="PRACTICE" />
        </Card>
      </div>

      <div className="dash-cards">
        {cards(student.isAttemptEarned).map((card, index) => (
          <Card key={card.href} className="dash-card" aria-labelledby={`dash-card-${index}`}>
            <h2 id={`dash-card-${index}`}>{card.title}</h2>
            <p className="muted">{card.text}</p>
            <ButtonLink to={card.href} variant="secondary">
              {card.action}
            </ButtonLink>
          </Card>
        ))}
      </div>
    </div>
  );
}

export default DashboardHome;
