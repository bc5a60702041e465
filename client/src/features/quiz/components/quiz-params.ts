export type QuizScreen = 'start' | 'guidelines' | 'contest' | 'practice' | 'unknown';

/** Spec §2: /quiz is driven by started, code, id and qno. */
export function quizScreen(params: URLSearchParams): QuizScreen {
  if (params.get('started') !== 'true') {
    return 'start';
  }
  const code = params.get('code');
  switch (code) {
    case 'guidelines':
    case 'contest':
    case 'practice':
      return code;
    default:
      return 'unknown';
  }
}

/** qno: a zero-based whole number, or null when missing or malformed. */
export function questionNumber(params: URLSearchParams): number | null {
  const raw = params.get('qno') ?? '';
  return /^\d{1,4}$/.test(raw) ? Number(raw) : null;
}
