/** Spec §4 selection: single choice replaces and unselects on a second tap; multi-select toggles. */
export function toggleOption(selected: readonly string[], optionId: string, multiple: boolean): string[] {
  if (selected.includes(optionId)) {
    return selected.filter((id) => id !== optionId);
  }
  return multiple ? [...selected, optionId] : [optionId];
}

/** Spec §4: submit is disabled while the request is in flight, or while time remains and nothing is chosen. */
export function canSubmit(input: { inFlight: boolean; remainingMs: number; hasAnswer: boolean }): boolean {
  if (input.inFlight) {
    return false;
  }
  return input.hasAnswer || input.remainingMs <= 0;
}

/** Practice feedback shows once as many options are chosen as there are correct answers. */
export function feedbackReady(selectedCount: number, correctCount: number): boolean {
  return correctCount > 0 && selectedCount === correctCount;
}

export type OptionMark = 'correct' | 'wrong' | 'missed' | null;

/** How an option looks once feedback shows: chosen and right, chosen and wrong, or right but not chosen. */
export function optionMark(
  optionId: string,
  selected: readonly string[],
  correct: readonly string[],
): OptionMark {
  const isCorrect = correct.includes(optionId);
  if (selected.includes(optionId)) {
    return isCorrect ? 'correct' : 'wrong';
  }
  return isCorrect ? 'missed' : null;
}

/** The answers a submit sends: the option ids, or the typed value of an Open Ended question. */
export function answersToSend(
  type: 'MCQs' | 'Open Ended',
  selected: readonly string[],
  typed: string,
): string[] {
  if (type === 'Open Ended') {
    const value = typed.trim();
    return value === '' ? [] : [value];
  }
  return [...selected];
}

export function hasExplanation(hint: {
  answerHintText: string;
  answerHintImage: string | null;
  answerHintVideo: string | null;
}): boolean {
  const text = hint.answerHintText.replace(/<[^>]*>/g, '').trim();
  return (
    text !== '' ||
    /<img\s/i.test(hint.answerHintText) ||
    Boolean(hint.answerHintImage) ||
    Boolean(hint.answerHintVideo)
  );
}
