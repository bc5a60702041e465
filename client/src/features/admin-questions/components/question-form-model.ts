import {
  QUESTION_STATUSES,
  type Question,
  type QuestionStatus,
  type QuestionTag,
  type QuestionType,
} from '../api/questions-api';

export const OPTION_FIELDS = ['option1', 'option2', 'option3', 'option4'] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];

export interface OptionDraft {
  text: string;
  /** '' when there is no Urdu text. */
  textUrdu: string;
  image: string | null;
  isCorrect: boolean;
}

/** The form as the teacher edits it; '' means "not chosen yet". */
export interface QuestionDraft {
  question: string;
  questionUrdu: string;
  questionImage: string | null;
  options: Record<OptionField, OptionDraft>;
  answerHintText: string;
  answerHintTextUrdu: string;
  answerHintImage: string | null;
  answerHintVideo: string;
  answerHintThumbnail: string | null;
  commentsForInternalPurpose: string;
  gradeId: string;
  categoryId: string;
  subCategoryId: string;
  type: QuestionType;
  selectMultiple: boolean;
  tags: QuestionTag | '';
  phaseIds: string[];
  status: QuestionStatus;
  acceptedAnswers: string[];
}

/** Field names as the api reports problems (questions.service.ts), in the order the form shows them. */
export const FORM_FIELDS = [
  'gradeId',
  'categoryId',
  'subCategoryId',
  'phaseIds',
  'tags',
  'status',
  'type',
  'question',
  'questionImage',
  'option1',
  'option2',
  'option3',
  'option4',
  'correctOptions',
  'acceptedAnswers',
  'answerHintText',
  'answerHintImage',
  'answerHintVideo',
  'answerHintThumbnail',
  'commentsForInternalPurpose',
  'questionUrdu',
  'answerHintTextUrdu',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormProblems = Partial<Record<FormField, string>>;

const emptyOption = (): OptionDraft => ({ text: '', textUrdu: '', image: null, isCorrect: false });

export function emptyDraft(): QuestionDraft {
  return {
    question: '',
    questionUrdu: '',
    questionImage: null,
    options: {
      option1: emptyOption(),
      option2: emptyOption(),
      option3: emptyOption(),
      option4: emptyOption(),
    },
    answerHintText: '',
    answerHintTextUrdu: '',
    answerHintImage: null,
    answerHintVideo: '',
    answerHintThumbnail: null,
    commentsForInternalPurpose: '',
    gradeId: '',
    categoryId: '',
    subCategoryId: '',
    type: 'MCQs',
    selectMultiple: false,
    tags: '',
    phaseIds: [],
    status: QUESTION_STATUSES[0],
    acceptedAnswers: [],
  };
}

export function draftFromQuestion(question: Question): QuestionDraft {
  const option = (field: OptionField): OptionDraft => {
    const stored = question[field];
    return stored === null
      ? emptyOption()
      : {
          text: stored.text,
          textUrdu: stored.textUrdu ?? '',
          image: stored.image,
          isCorrect: stored.isCorrect,
        };
  };
  return {
    question: question.question,
    questionUrdu: question.questionUrdu ?? '',
    questionImage: question.questionImage,
    options: {
      option1: option('option1'),
      option2: option('option2'),
      option3: option('option3'),
      option4: option('option4'),
    },
    answerHintText: question.answerHintText,
    answerHintTextUrdu: question.answerHintTextUrdu ?? '',
    answerHintImage: question.answerHintImage,
    answerHintVideo: question.answerHintVideo ?? '',
    answerHintThumbnail: question.answerHintThumbnail,
    commentsForInternalPurpose: question.commentsForInternalPurpose ?? '',
    gradeId: question.gradeId,
    categoryId: question.categoryId,
    subCategoryId: question.subCategoryId,
    type: question.type,
    selectMultiple: question.selectMultiple,
    tags: question.tags,
    phaseIds: [...question.phaseIds],
    status: question.status,
    acceptedAnswers: [...question.acceptedAnswers],
  };
}

/** Rich text that shows something: text, a formula or a picture (an empty editor gives ''). */
export function hasRichContent(html: string): boolean {
  if (/<img\s|class="math-(inline|block)"/i.test(html)) {
    return true;
  }
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The checks a teacher should hear about before saving; the same rules the api enforces (it
 * checks again). Messages finish the field's label: "Question is required".
 */
export function validateDraft(draft: QuestionDraft): FormProblems {
  const problems: FormProblems = {};
  if (draft.gradeId === '') {
    problems.gradeId = 'Choose a grade';
  }
  if (draft.categoryId === '') {
    problems.categoryId = 'Choose a category';
  }
  if (draft.subCategoryId === '') {
    problems.subCategoryId = 'Choose a sub category';
  }
  if (draft.phaseIds.length === 0) {
    problems.phaseIds = 'Choose at least one phase';
  }
  if (draft.tags === '') {
    problems.tags = 'Choose where the question is used';
  }
  if (!hasRichContent(draft.question)) {
    problems.question = 'Write the question';
  }
  if (draft.type === 'MCQs') {
    for (const field of OPTION_FIELDS) {
      const option = draft.options[field];
      if (!hasRichContent(option.text) && option.image === null) {
        problems[field] = 'Give this option text or a picture';
      }
    }
    const correct = OPTION_FIELDS.filter((field) => draft.options[field].isCorrect).length;
    if (draft.selectMultiple && correct === 0) {
      problems.correctOptions = 'Mark at least one option correct';
    } else if (!draft.selectMultiple && correct !== 1) {
      problems.correctOptions = 'Mark exactly one option correct';
    }
  } else if (draft.acceptedAnswers.length === 0) {
    problems.acceptedAnswers = 'Add at least one accepted answer';
  }
  if (!hasRichContent(draft.answerHintText)) {
    problems.answerHintText = 'Write the hint shown after answering';
  }
  const video = draft.answerHintVideo.trim();
  if (video !== '' && !isHttps(video)) {
    problems.answerHintVideo = 'Use a full https:// link';
  }
  return problems;
}

/** An Urdu part left empty is sent as null: the student sees the English one. */
const urduOrNull = (html: string) => (hasRichContent(html) ? html : null);

/** The body of POST /question/create/ and /question/update/. Score is never sent: it is always 1. */
export function bodyFromDraft(draft: QuestionDraft) {
  const isMcq = draft.type === 'MCQs';
  const option = (field: OptionField) => ({
    text: draft.options[field].text,
    textUrdu: urduOrNull(draft.options[field].textUrdu),
    image: draft.options[field].image,
    isCorrect: draft.options[field].isCorrect,
  });
  return {
    question: draft.question,
    questionUrdu: urduOrNull(draft.questionUrdu),
    questionImage: draft.questionImage,
    ...(isMcq
      ? {
          option1: option('option1'),
          option2: option('option2'),
          option3: option('option3'),
          option4: option('option4'),
        }
      : {}),
    answerHintText: draft.answerHintText,
    answerHintTextUrdu: urduOrNull(draft.answerHintTextUrdu),
    answerHintImage: draft.answerHintImage,
    answerHintVideo: draft.answerHintVideo.trim() === '' ? null : draft.answerHintVideo.trim(),
    answerHintThumbnail: draft.answerHintThumbnail,
    commentsForInternalPurpose:
      draft.commentsForInternalPurpose.trim() === '' ? null : draft.commentsForInternalPurpose.trim(),
    gradeId: draft.gradeId,
    categoryId: draft.categoryId,
    subCategoryId: draft.subCategoryId,
    type: draft.type,
    selectMultiple: isMcq ? draft.selectMultiple : false,
    tags: draft.tags,
    phaseIds: draft.phaseIds,
    status: draft.status,
    acceptedAnswers: isMcq ? [] : draft.acceptedAnswers,
  };
}

/** Marks an option correct: in single-answer mode it becomes the only correct one. */
export function markCorrect(draft: QuestionDraft, field: OptionField, correct: boolean): QuestionDraft {
  const options = { ...draft.options };
  for (const key of OPTION_FIELDS) {
    if (key === field) {
      options[key] = { ...options[key], isCorrect: correct };
    } else if (!draft.selectMultiple && correct) {
      options[key] = { ...options[key], isCorrect: false };
    }
  }
  return { ...draft, options };
}

/** Server problems keyed by field; a nested key (option2.text, phaseIds.0) counts for its field. */
export function problemsFromServer(fieldErrors: Readonly<Record<string, string>>): FormProblems {
  const problems: FormProblems = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const field = FORM_FIELDS.find((name) => key === name || key.startsWith(`${name}.`));
    if (field !== undefined && problems[field] === undefined) {
      problems[field] = message;
    }
  }
  return problems;
}
