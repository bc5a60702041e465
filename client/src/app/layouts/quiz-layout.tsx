import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LoadingBlock } from '../../shared/ui/surface';
import { Logo } from './site-header';
import './layouts.css';

/** Minimal and focused: no site navigation and no chat widget while a quiz runs. */
export function QuizLayout() {
  return (
    <div className="quiz-shell" data-testid="quiz-layout">
      <header className="container quiz-shell__bar">
        <Logo to={paths.quiz} />
        <Link to={paths.dashboard}>Leave quiz</Link>
      </header>
      <main id="main" className="container quiz-shell__main">
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
