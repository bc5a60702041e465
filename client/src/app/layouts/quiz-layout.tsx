import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LanguageSwitch, useT } from '../../shared/i18n';
import { RoutedPage } from './site-frame';
import { Logo } from './site-header';
import './layouts.css';

/** Minimal and focused: no site navigation and no chat widget while a quiz runs. */
export function QuizLayout() {
  const t = useT();
  return (
    <div className="quiz-shell" data-testid="quiz-layout">
      <header className="container quiz-shell__bar">
        <Logo to={paths.quiz} />
        <div className="row">
          <LanguageSwitch />
          <Link to={paths.dashboard}>{t('quiz.leave')}</Link>
        </div>
      </header>
      <main id="main" className="container quiz-shell__main">
        <RoutedPage loadingLabel={t('quiz.loading')} />
      </main>
    </div>
  );
}
