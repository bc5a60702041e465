import { isUnlimitedAttempts, type QuizRulesInput } from '@riyazi/api/contracts';
import type { Translate } from '../../../shared/i18n';

/**
 * The rules screen (spec §5) in the child's language, from the quiz's own numbers: the same
 * sentences as the api's quizRulesText, which the English catalogue matches word for word.
 */
export function rulesSentences(quiz: QuizRulesInput, t: Translate): string[] {
  const count = quiz.questionCount;
  const seconds = quiz.secondsPerQuestion;
  const sentences = [count === 1 ? t('quiz.rules.questionsOne') : t('quiz.rules.questions', { count })];
  if (!isUnlimitedAttempts(quiz)) {
    sentences.push(
      quiz.attemptsAllowed === 1
        ? t('quiz.rules.attemptsOne')
        : t('quiz.rules.attempts', { count: quiz.attemptsAllowed }),
    );
  }
  sentences.push(t('quiz.rules.score', { max: count }));
  if (seconds >= 60 && seconds % 60 === 0) {
    sentences.push(
      seconds === 60
        ? t('quiz.rules.timeOneMinute')
        : t('quiz.rules.timeMinutes', { minutes: seconds / 60, seconds }),
    );
  } else {
    sentences.push(seconds === 1 ? t('quiz.rules.timeOneSecond') : t('quiz.rules.timeSeconds', { seconds }));
  }
  if (quiz.kind === 'PRACTICE') {
    sentences.push(t('quiz.rules.practice'));
  }
  sentences.push(t('quiz.rules.letters'));
  return sentences;
}
