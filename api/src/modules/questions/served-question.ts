import type { ServedQuestion, ServedUrdu } from '../../contracts/play-quiz.js';
import type { Executor } from '../../lib/db.js';
import { typesetMathCache } from '../../lib/math-markup.js';
import { type CacheNode, nodeCache } from '../../lib/node-caches.js';
import { plainTextPreview } from '../../lib/rich-text.js';
import * as repo from './questions.repository.js';

/** What the served shape needs of a stored question (rows of questions + question_options). */
export interface StoredQuestion {
  id: string;
  questionHtml: string;
  /** The Urdu parts: null where none was written (the English is shown instead). */
  questionHtmlUr: string | null;
  questionImage: string | null;
  type: 'MCQS' | 'OPEN_ENDED';
  selectMultiple: boolean;
  answerHintText: string;
  answerHintTextUr: string | null;
  answerHintImage: string | null;
  answerHintVideo: string | null;
  answerHintThumbnail: string | null;
  acceptedAnswers: string[];
  options: {
    id: string;
    position: number;
    textHtml: string;
    textHtmlUr: string | null;
    image: string | null;
    isCorrect: boolean;
  }[];
}

export type { ServedQuestion } from '../../contracts/play-quiz.js';

export interface ServeOptions {
  /** The id the play uses for this question (defaults to the question id). */
  servedId?: string;
  /** Option ids in the order this student sees them (a play may shuffle); others follow by position. */
  optionOrder?: readonly string[];
  /** Practice, admin preview and finished-contest review: true. A contest in progress: false. */
  revealAnswers: boolean;
  /** Hints go with revealed answers unless said otherwise. */
  revealHint?: boolean;
}

/** Formulas reach the phone as MathML (KaTeX on the server), so it downloads no KaTeX to show them. */
const typeset = typesetMathCache();
const typesetOrNull = (html: string | null) => (html === null ? null : typeset(html));

type ShownOption = { textHtml: string; image: string | null };
// Options are served thousands of times from the question cache: whether one shows anything is
// worked out (sanitizing its text) once per cached option, not per serve.
const shown = new WeakMap<ShownOption, boolean>();
const shows = (option: ShownOption) => {
  let visible = shown.get(option);
  if (visible === undefined) {
    visible =
      option.image !== null ||
      plainTextPreview(option.textHtml, 1).length > 0 ||
      /<img\s/i.test(option.textHtml);
    shown.set(option, visible);
  }
  return visible;
};

/**
 * The Urdu text of the served parts, options in the order shown; null when the question has none.
 * It carries text only (never isCorrect), and the hint only when the English hint is revealed.
 */
function serveUrdu(
  question: StoredQuestion,
  visible: StoredQuestion['options'],
  revealHint: boolean,
): ServedUrdu | null {
  const hint = revealHint ? question.answerHintTextUr : null;
  const hasAny =
    question.questionHtmlUr !== null || hint !== null || visible.some((o) => o.textHtmlUr !== null);
  if (!hasAny) {
    return null;
  }
  return {
    question: typesetOrNull(question.questionHtmlUr),
    questionOptions: visible.map((option) => ({ _id: option.id, text: typesetOrNull(option.textHtmlUr) })),
    answerHintText: typesetOrNull(hint),
  };
}

/**
 * The one place a stored question becomes what a student's phone receives: options with neither
 * text nor image are dropped, the rest lettered A, B, C… in the order shown, and answers and
 * hints included only when `revealAnswers` says so.
 */
export function serveQuestion(question: StoredQuestion, options: ServeOptions): ServedQuestion {
  const order = options.optionOrder ?? [];
  const rank = (id: string) => {
    const at = order.indexOf(id);
    return at === -1 ? order.length : at;
  };
  const visible =
    question.type === 'MCQS'
      ? question.options.filter(shows).sort((a, b) => rank(a.id) - rank(b.id) || a.position - b.position)
      : [];
  const reveal = options.revealAnswers;
  const hint = options.revealHint ?? reveal;
  return {
    _id: options.servedId ?? question.id,
    questionId: question.id,
    question: typeset(question.questionHtml),
    questionImage: question.questionImage,
    type: question.type === 'MCQS' ? 'MCQs' : 'Open Ended',
    questionOptions: visible.map((option, index) => ({
      _id: option.id,
      letter: String.fromCharCode(65 + index),
      text: typeset(option.textHtml),
      image: option.image,
    })),
    correctAnswerList: reveal ? visible.filter((o) => o.isCorrect).map((o) => o.id) : [],
    acceptedAnswers: reveal && question.type === 'OPEN_ENDED' ? [...question.acceptedAnswers] : [],
    selectMultiple: question.selectMultiple,
    answerHintText: hint ? typeset(question.answerHintText) : '',
    answerHintImage: hint ? question.answerHintImage : null,
    answerHintVideo: hint ? question.answerHintVideo : null,
    answerHintThumbnail: hint ? question.answerHintThumbnail : null,
    urdu: serveUrdu(question, visible, hint),
  };
}

/** One stored question with its options; null when it does not exist. */
export async function loadStoredQuestion(db: Executor, id: string): Promise<StoredQuestion | null> {
  const [row, options] = await Promise.all([repo.findQuestion(db, id), repo.optionsOf(db, id)]);
  return row ? { ...row, options } : null;
}

/** Loads one question and serves it; null when it does not exist. */
export async function loadServedQuestion(
  db: Executor,
  id: string,
  options: ServeOptions,
): Promise<ServedQuestion | null> {
  const stored = await loadStoredQuestion(db, id);
  return stored ? serveQuestion(stored, options) : null;
}

/**
 * Questions as a contest serves them thousands of times a minute: kept in memory per node for
 * `ttlMs`; an edit announced on the cache bus ("questions", its id) drops it on every node at once.
 * Bounded in size.
 */
export function storedQuestionCache(caches: CacheNode, db: Executor, ttlMs: number, maxEntries = 5000) {
  const get = nodeCache(caches, 'questions', ttlMs, (id) => loadStoredQuestion(db, id), { maxEntries });
  return (id: string): Promise<StoredQuestion | null> => get(id);
}
