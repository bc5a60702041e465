import type { AnswerKinds, QuizRulesInput } from '@riyazi/api/contracts';
import type { Translate } from '../../../shared/i18n';

/** What the rules screen knows of the chosen quiz and of this student (GET /play-quiz/available). */
export interface StudentQuizRules extends QuizRulesInput {
  attemptsLeft: number;
  answerKinds: AnswerKinds;
}

function questionsSentence({ questionCount: count, answerKinds }: StudentQuizRules, t: Translate): string {
  const one = count === 1;
  if (answerKinds.typed && answerKinds.choice) {
    return one ? t('quiz.rules.questionsMixedOne') : t('quiz.rules.questionsMixed', { count });
  }
  if (answerKinds.typed) {
    return one ? t('quiz.rules.questionsTypedOne') : t('quiz.rules.questionsTyped', { count });
  }
  return one ? t('quiz.rules.questionsOne') : t('quiz.rules.questions', { count });
}

function timeSentence(seconds: number, t: Translate): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    return seconds === 60
      ? t('quiz.rules.timeOneMinute')
      : t('quiz.rules.timeMinutes', { minutes: seconds / 60, seconds });
  }
  return seconds === 1 ? t('quiz.rules.timeOneSecond') : t('quiz.rules.timeSeconds', { seconds });
}

export type RuleId = 'questions' | 'attempts' | 'score' | 'time' | 'practice' | 'letters';

/**
 * The rules screen (spec §5) in the child's language, from the real figures: the quiz's question
 * count, the kinds of question the child's grade draws from it, its time per question and, for a
 * contest, the attempts this child has left (practice never spends one, so it says nothing of them).
 */
export function rulesSentences(quiz: StudentQuizRules, t: Translate): { id: RuleId; text: string }[] {
  const rules: { id: RuleId; text: string }[] = [{ id: 'questions', text: questionsSentence(quiz, t) }];
  if (quiz.kind === 'CONTEST' && quiz.attemptsLeft > 0) {
    const text =
      quiz.attemptsLeft === 1
        ? t('quiz.rules.attemptsLeftOne')
        : t('quiz.rules.attemptsLeftMany', { count: quiz.attemptsLeft });
    rules.push({ id: 'attempts', text });
  }
  rules.push(
    { id: 'score', text: t('quiz.rules.score', { max: quiz.questionCount }) },
    { id: 'time', text: timeSentence(quiz.secondsPerQuestion, t) },
  );
  if (quiz.kind === 'PRACTICE') {
    rules.push({ id: 'practice', text: t('quiz.rules.practice') });
  }
  if (quiz.answerKinds.choice) {
    rules.push({ id: 'letters', text: t('quiz.rules.letters') });
  }
  return rules;
}
