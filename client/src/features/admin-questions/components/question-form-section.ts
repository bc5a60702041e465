import type { FormField, FormProblems, QuestionDraft } from './question-form-model';

/** What every card of the question form gets: the draft, its problems, and a way to change it. */
export interface QuestionSectionProps {
  draft: QuestionDraft;
  problems: FormProblems;
  /** Changes fields and clears the problems of those named in `clear`. */
  update: (change: Partial<QuestionDraft>, clear?: FormField[]) => void;
}
