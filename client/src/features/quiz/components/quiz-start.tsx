import { useNavigate } from 'react-router-dom';
import type { QuizType } from '../../../config/quiz-rules';
import { useT } from '../../../shared/i18n';
import { GUIDELINES_URL } from '../../../shared/quiz/quiz-urls';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';

export function QuizStart() {
  const t = useT();
  const navigate = useNavigate();
  const start = (type: QuizType) => void navigate(GUIDELINES_URL, { state: { type } });
  return (
    <div className="stack">
      <PageHeading title={t('quiz.start.title')}>{t('quiz.start.intro')}</PageHeading>
      <div className="quiz-choice">
        <Card>
          <h2>{t('quiz.start.contest')}</h2>
          <p className="muted">{t('quiz.start.contestText')}</p>
          <Button block onClick={() => start('CONTEST')}>
            {t('quiz.start.contestButton')}
          </Button>
        </Card>
        <Card>
          <h2>{t('quiz.start.practice')}</h2>
          <p className="muted">{t('quiz.start.practiceText')}</p>
          <Button block variant="accent" onClick={() => start('PRACTICE')}>
            {t('quiz.start.practiceButton')}
          </Button>
        </Card>
      </div>
    </div>
  );
}
