import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError } from '../http/http-error';
import { type FieldProblems, firstInvalidField, focusField, splitServerProblems } from './form-errors';
import { useDraftForm } from './use-draft-form';

export interface SettingsFormOptions<Draft, Field extends string, Body> {
  initial: () => Draft;
  fields: readonly Field[];
  readOnly: boolean;
  save: UseMutationResult<unknown, Error, Body>;
  /** Problems found before sending, by field. */
  validate: (draft: Draft) => FieldProblems<Field>;
  toBody: (draft: Draft) => Body;
  /** How the server's field errors map onto the form (default: by field name). */
  serverProblems?: (fieldErrors: Readonly<Record<string, string>>) => {
    problems: FieldProblems<Field>;
    other: string[];
  };
}

/**
 * A settings form: a draft form (useDraftForm) that checks the draft before saving, shows the
 * server's field errors on their fields, and focuses the first field with a problem once the fields
 * are enabled again.
 */
export function useSettingsForm<Draft, Field extends string, Body>(
  options: SettingsFormOptions<Draft, Field, Body>,
) {
  const { fields, readOnly, save, validate, toBody } = options;
  const { formRef, draft, dirty, saved, problems, setProblems, change } = useDraftForm<Draft, Field>({
    initial: options.initial,
  });
  const [otherProblems, setOtherProblems] = useState<string[]>([]);
  const disabled = readOnly || save.isPending;

  // Focus waits for the fields to be enabled again after a save attempt.
  const [focusTarget, setFocusTarget] = useState<Field | null>(null);
  useEffect(() => {
    if (focusTarget !== null && !save.isPending) {
      focusField(formRef.current, focusTarget);
      setFocusTarget(null);
    }
  }, [focusTarget, save.isPending, formRef]);

  const showProblems = (next: FieldProblems<Field>) => {
    setProblems(next);
    setFocusTarget(firstInvalidField(fields, next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly) {
      return;
    }
    const found = validate(draft);
    setOtherProblems([]);
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    save.mutate(toBody(draft), {
      onError: (error) => {
        if (error instanceof HttpError) {
          const { problems: server, other } = options.serverProblems
            ? options.serverProblems(error.fieldErrors)
            : splitServerProblems(error.fieldErrors, fields);
          showProblems(server);
          setOtherProblems(other);
        }
      },
    });
  };

  /** What SettingsFormFooter shows of the form: spread it there. */
  const footer = { otherProblems, readOnly, pending: save.isPending, dirty };
  return { formRef, draft, dirty, saved, problems, disabled, change, onSubmit, footer };
}
