// The quiz screens and their layout: one chunk, loaded with the quiz's texts (see router.tsx).
export { QuizPage, QuizResultsPage } from '../../features/quiz/components/quiz-page';
export { QuizLayout } from '../layouts/quiz-layout';
