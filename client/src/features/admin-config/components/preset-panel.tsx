import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../shared/ui/button';
import { RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { configKeys, createPreset, fetchPreset, fetchPresets, type Preset } from '../api/config-api';
import { draftToFlags, type FlagDraft } from './flag-draft';

interface PresetPanelProps {
  draft: FlagDraft | null;
  canUpdate: boolean;
  onApply: (preset: Preset) => void;
}

export function PresetPanel({ draft, canUpdate, onApply }: PresetPanelProps) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const presets = useQuery({ queryKey: configKeys.presets, queryFn: ({ signal }) => fetchPresets(signal) });

  const apply = useMutation({
    mutationKey: configKeys.applyPreset,
    mutationFn: fetchPreset,
    onSuccess: (preset) => {
      onApply(preset);
      setApplied(preset.name);
    },
  });

  const save = useMutation({
    mutationKey: configKeys.createPreset,
    mutationFn: createPreset,
    onSuccess: async () => {
      toast.success('Preset saved');
      setName('');
      await queryClient.invalidateQueries({ queryKey: configKeys.presets });
    },
  });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft !== null && name.trim() !== '') {
      save.mutate({ name: name.trim(), flags: draftToFlags(draft) });
    }
  };

  return (
    <Card aria-labelledby="presets-title" className="stack">
      <h2 id="presets-title">Presets</h2>
      <p className="muted">
        A preset is a saved set of flags. Applying one fills the form; nothing changes until you save.
      </p>
      {presets.isPending ? <LoadingBlock label="Loading presets…" /> : null}
      {presets.isError ? <Alert tone="error">Presets could not be loaded.</Alert> : null}
      {presets.isSuccess ? (
        <div className="stack">
          <SelectField
            label="Preset"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
            hint={presets.data.length === 0 ? 'No presets saved yet.' : undefined}
            data-testid="preset-select"
          >
            <option value="">Choose a preset</option>
            <RecordOptions items={presets.data} label={(preset) => preset.name} />
          </SelectField>
          <Button
            variant="secondary"
            disabled={selected === '' || apply.isPending || draft === null}
            onClick={() => apply.mutate(selected)}
            data-testid="apply-preset"
          >
            {apply.isPending ? 'Applying…' : 'Apply preset'}
          </Button>
          {applied !== null ? (
            <Alert tone="info">Preset “{applied}” is in the form. Review the values, then save.</Alert>
          ) : null}
        </div>
      ) : null}
      {canUpdate ? (
        <form className="stack" onSubmit={onSave}>
          <TextField
            label="Save current values as a preset"
            placeholder="Preset name"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            data-testid="preset-name"
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={draft === null || name.trim() === '' || save.isPending}
            data-testid="save-preset"
          >
            {save.isPending ? 'Saving preset…' : 'Save current as preset'}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
