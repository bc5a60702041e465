import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { SettingsFormFooter } from '../../../shared/forms/settings-form-footer';
import { UnsavedChangesGuard } from '../../../shared/forms/unsaved-changes-guard';
import { useDraftForm } from '../../../shared/forms/use-draft-form';
import { sessionActions } from '../../../shared/session/session-store';
import { useAdminAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { configKeys, fetchAdminFlags, fetchPhaseOptions, saveFlags } from '../api/config-api';
import { type FlagDraft, toDraft, toRequestBody } from './flag-draft';
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

  useEffect(() => {
    if (flags.data !== undefined && !dirty) {
      reset(toDraft(flags.data));
    }
  }, [flags.data, dirty, reset]);

  const save = useMutation({
    mutationKey: configKeys.saveFlags,
    mutationFn: saveFlags,
    onSuccess: (saved) => {
      toast.success('Flags updated successfully');
      queryClient.setQueryData(configKeys.flags, saved);
      sessionActions.setFlags(saved);
      reset(toDraft(saved));
    },
  });

  const onChange = (next: FlagDraft) => edit(next);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft !== null && canUpdate) {
      save.mutate(toRequestBody(draft));
    }
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
              <SettingsFormFooter
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
