import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { FlagsReading } from '../../../shared/flags/flags-api';
import { SettingsFormFooter } from '../../../shared/forms/settings-form-footer';
import { UnsavedChangesGuard } from '../../../shared/forms/unsaved-changes-guard';
import { useDraftForm } from '../../../shared/forms/use-draft-form';
import { errorMessage, HttpError, SessionExpiredError } from '../../../shared/http/http-error';
import { sessionActions } from '../../../shared/session/session-store';
import { useAdminAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { Button } from '../../../shared/ui/button';
import { Alert, Card } from '../../../shared/ui/surface';
import { configKeys, fetchAdminFlags, fetchPhaseOptions, saveFlags } from '../api/config-api';
import { changesAnyFlag, type FlagDraft, toDraft, toRequestBody } from './flag-draft';
import { FlagFields } from './flag-fields';
import { PresetPanel } from './preset-panel';
import '../../../shared/forms/settings-form.css';
import './config.css';
import { SettingsLoadState } from '../../../shared/forms/settings-load-state';

const UPDATE_SYSTEM_CONFIG: Permission = { module: 'systemConfigurations', action: 'update' };

export function SystemConfigPage() {
  const auth = useAdminAuth();
  const queryClient = useQueryClient();
  const canUpdate = auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE_SYSTEM_CONFIG);
  const flags = useQuery({ queryKey: configKeys.flags, queryFn: ({ signal }) => fetchAdminFlags(signal) });
  const phases = useQuery({
    queryKey: configKeys.phases,
    queryFn: ({ signal }) => fetchPhaseOptions(signal),
  });
  const form = useDraftForm<FlagDraft | null>({ initial: null });
  const { draft, dirty, edit, reset } = form;
  // What the form was filled from: a save sends only what differs from it, naming its version.
  const [base, setBase] = useState<{ draft: FlagDraft; version: number | null } | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const staleRef = useRef<HTMLDivElement>(null);

  const fill = useCallback(
    (reading: FlagsReading) => {
      const next = toDraft(reading.flags);
      reset(next);
      setBase({ draft: next, version: reading.version });
    },
    [reset],
  );

  useEffect(() => {
    if (flags.data !== undefined && !dirty) {
      fill(flags.data);
    }
  }, [flags.data, dirty, fill]);

  const save = useMutation({
    mutationKey: configKeys.saveFlags,
    mutationFn: saveFlags,
    meta: { silent: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(configKeys.flags, saved);
      fill(saved);
      sessionActions.setFlags(saved.flags);
      await queryClient.invalidateQueries({ queryKey: configKeys.flags });
      toast.success('Flags updated successfully');
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 409) {
        setStale(error.message);
      } else if (!(error instanceof SessionExpiredError)) {
        setProblem(errorMessage(error));
      }
    },
  });

  const reload = async () => {
    const result = await flags.refetch();
    if (result.data !== undefined) {
      setStale(null);
      setProblem(null);
      fill(result.data);
    }
  };

  // The refusal shows below the fields: bring it to the admin who pressed the sticky Save.
  useEffect(() => {
    if (stale !== null) {
      staleRef.current?.scrollIntoView({ block: 'center' });
      staleRef.current?.focus({ preventScroll: true });
    }
  }, [stale]);

  const onChange = (next: FlagDraft) => edit(next);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft === null || base === null || !canUpdate) {
      return;
    }
    setProblem(null);
    const body = toRequestBody(draft, base.draft, base.version);
    if (!changesAnyFlag(body)) {
      toast('There are no changes to save.');
      return;
    }
    save.mutate(body);
  };

  return (
    <div className="stack">
      <PageHeading title="System configuration">
        Switch product features on and off and choose the active phases. Changes apply to every visitor as
        soon as you save.
      </PageHeading>
      {!canUpdate ? <Alert tone="info">You can view these settings but not change them.</Alert> : null}
      <div className="settings-grid">
        <Card aria-labelledby="flags-title">
          <h2 id="flags-title" className="visually-hidden">
            Flags
          </h2>
          <SettingsLoadState
            query={flags}
            loadingLabel="Loading flags…"
            errorText="The flags could not be loaded."
          />
          {draft !== null ? (
            <form onSubmit={onSubmit} aria-busy={save.isPending}>
              <FlagFields
                draft={draft}
                phases={phases.data ?? []}
                phasesLoading={phases.isPending}
                readOnly={!canUpdate || save.isPending}
                onChange={onChange}
              />
              {stale !== null ? (
                <div ref={staleRef} tabIndex={-1}>
                  <Alert tone="error" data-testid="flags-stale">
                    <p>{stale}</p>
                    <Button
                      small
                      variant="secondary"
                      onClick={() => void reload()}
                      data-testid="flags-reload"
                    >
                      Reload current values
                    </Button>
                  </Alert>
                </div>
              ) : null}
              <SettingsFormFooter
                otherProblems={problem === null ? [] : [problem]}
                readOnly={!canUpdate}
                pending={save.isPending}
                dirty={dirty}
                className="form-actions"
                testId="save-flags"
              />
            </form>
          ) : null}
        </Card>
        <PresetPanel
          draft={draft}
          canUpdate={canUpdate}
          onApply={(preset) => onChange(toDraft(preset.flags))}
        />
      </div>
      <UnsavedChangesGuard form={form}>Your changes to the flags have not been saved.</UnsavedChangesGuard>
    </div>
  );
}
