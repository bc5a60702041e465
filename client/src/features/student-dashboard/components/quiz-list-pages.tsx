import { useT } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { AvailableQuizzes } from './available-quizzes';
import './dashboard.css';

export function PracticeQuizPage() {
  const t = useT();
  return (
    <div className="stack" data-testid="practice-quiz-page">
      <PageHeading title={t('dashboard.practicePage.title')}>{t('dashboard.practicePage.text')}</PageHeading>
      <Card aria-label={t('dashboard.practiceQuizzes')}>
        <AvailableQuizzes type="PRACTICE" heading="h2" />
      </Card>
    </div>
  );
}

export function ContestQuizPage() {
  const t = useT();
  return (
    <div className="stack" data-testid="contest-quiz-page">
      <PageHeading title={t('dashboard.contestPage.title')}>{t('dashboard.contestPage.text')}</PageHeading>
      <Card aria-label={t('dashboard.contestQuizzes')}>
        <AvailableQuizzes type="CONTEST" heading="h2" />
      </Card>
    </div>
  );
}
