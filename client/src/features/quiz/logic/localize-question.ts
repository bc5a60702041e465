import type { ServedQuestion } from '../../../shared/quiz/play-quiz-api';

/**
 * The question as a child who reads `language` should see it: in Urdu, each part that has an
 * Urdu text (stem, options matched by _id, hint) is swapped in and listed in `urduParts`; a part
 * without one stays English. In English, or without Urdu, the question is returned unchanged.
 */
export interface LocalizedQuestion {
  question: ServedQuestion;
  /** Which parts show Urdu text (to be laid out right to left). */
  urduParts: { question: boolean; options: ReadonlySet<string>; answerHintText: boolean };
}

const NONE: LocalizedQuestion['urduParts'] = { question: false, options: new Set(), answerHintText: false };

const usable = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

export function localizeQuestion(question: ServedQuestion, language: string): LocalizedQuestion {
  const urdu = question.urdu;
  if (language !== 'ur' || urdu === null || urdu === undefined) {
    return { question, urduParts: NONE };
  }
  const optionTexts = new Map<string, string>();
  for (const option of urdu.questionOptions) {
    if (usable(option.text)) {
      optionTexts.set(option._id, option.text);
    }
  }
  const options = new Set<string>();
  const questionOptions = question.questionOptions.map((option) => {
    const text = optionTexts.get(option._id);
    if (text === undefined) {
      return option;
    }
    options.add(option._id);
    return { ...option, text };
  });
  const stem = usable(urdu.question) ? urdu.question : null;
  const hint = usable(urdu.answerHintText) ? urdu.answerHintText : null;
  return {
    question: {
      ...question,
      question: stem ?? question.question,
      questionOptions,
      answerHintText: hint ?? question.answerHintText,
    },
    urduParts: { question: stem !== null, options, answerHintText: hint !== null },
  };
}
