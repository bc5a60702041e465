import { useCallback, useRef, useState } from 'react';
import type { FieldProblems } from './form-errors';

export interface DraftFormOptions<Draft> {
  initial: Draft | (() => Draft);
}

/**
 * The state every edit form shares: a draft, whether it has unsaved changes, the problems by field
 * (the form's own checks or the server's) and a banner for the whole form. A form that asks before
 * it is left with unsaved changes renders UnsavedChangesGuard with it.
 */
export function useDraftForm<Draft, Field extends string = string>(options: DraftFormOptions<Draft>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(options.initial);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saved = useRef(false);

  const clearProblems = useCallback((fields: readonly Field[]) => {
    if (fields.length === 0) {
      return;
    }
    setProblems((current) => {
      const next = { ...current };
      for (const field of fields) {
        delete next[field];
      }
      return next;
    });
  }, []);

  /** Changes the draft (marking it unsaved) without touching the problems or the banner. */
  const edit = useCallback((next: Draft | ((current: Draft) => Draft)) => {
    setDraft(next);
    setDirty(true);
  }, []);

  /** Changes some fields, clears the banner and the problems of the fields named in `clear`. */
  const update = (change: Partial<Draft> | ((current: Draft) => Draft), clear: readonly Field[] = []) => {
    edit((current) => (typeof change === 'function' ? change(current) : { ...current, ...change }));
    setFormError(null);
    clearProblems(clear);
  };

  /** Changes one field and clears its problem. */
  const change = <K extends keyof Draft & Field>(field: K, value: Draft[K]) => {
    edit((current) => ({ ...current, [field]: value }));
    clearProblems([field]);
  };

  /** Starts again from `next` (e.g. what the server saved): no unsaved changes, no problems. */
  const reset = useCallback((next: Draft) => {
    setDraft(next);
    setDirty(false);
    setProblems({});
    setFormError(null);
  }, []);

  /** The draft is saved: leaving no longer asks, even before the next render. */
  const markSaved = useCallback(() => {
    saved.current = true;
    setDirty(false);
  }, []);

  return {
    formRef,
    draft,
    dirty,
    problems,
    setProblems,
    formError,
    setFormError,
    edit,
    update,
    change,
    clearProblems,
    reset,
    markSaved,
    saved: saved as { readonly current: boolean },
  };
}
