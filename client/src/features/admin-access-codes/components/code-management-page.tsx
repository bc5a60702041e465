import { type FormEvent, useState } from 'react';
import {
  canOn,
  DeleteConfirmDialog,
  defineListSchema,
  ListPager,
  ListTable,
  useDeleteConfirm,
  useListUrlState,
} from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import type { CodeBatch } from '../api/access-codes-api';
import {
  useBatchPage,
  useExportBatch,
  usePhaseOptions,
  useRevokeBatch,
  useRevokeCode,
} from '../api/use-access-codes';
import { GenerateCodesDialog } from './generate-codes-dialog';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './access-codes.css';
import { formatDay } from '../../../shared/format/date-time';

const BATCH_LIST = defineListSchema({});

type BatchStatus = 'Active' | 'Revoked' | 'Expired';

function statusOf(batch: CodeBatch, now = Date.now()): BatchStatus {
  if (batch.revokedAt !== null) {
    return 'Revoked';
  }
  return batch.validUntil !== null && new Date(batch.validUntil).getTime() <= now ? 'Expired' : 'Active';
}

export function CodeManagementPage() {
  const auth = useAdminAuth();
  const { query, pager } = useListUrlState(BATCH_LIST);
  const [generating, setGenerating] = useState(false);
  const canReadPhases = auth !== null && canOn(auth, 'phase')('read');
  const list = useBatchPage(query);
  const phases = usePhaseOptions(canReadPhases);
  const exporter = useExportBatch();
  const revoking = useDeleteConfirm<CodeBatch>(useRevokeBatch());
  if (auth === null) {
    return null;
  }
  const can = canOn(auth, 'code');
  const page = list.data;

  return (
    <div className="stack">
      <PageHeading title="Code management">
        Prepaid access codes in labelled batches: each code adds contest attempts to the one student who
        redeems it.
      </PageHeading>
      <Card className="stack" aria-label="Code batches">
        <div className="codes-toolbar list-toolbar list-toolbar--center">
          <h2 className="card__title">Batches</h2>
          {can('create') ? (
            <Button onClick={() => setGenerating(true)} data-testid="generate-codes">
              Generate codes
            </Button>
          ) : null}
        </div>
        <ListStatus
          query={list}
          loading="Loading batches…"
          error="The batches could not be loaded."
          empty="No codes yet. Generate a batch to hand codes to a school or sponsor."
          emptyTestId="batches-empty"
        />
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table codes-table stacked-table stacked-table--wide"
          testId="batches-table"
          columns={['Label', 'Attempts', 'Phase', 'Codes', 'Redeemed', 'Status', 'Created']}
        >
          {(batch) => {
            const status = statusOf(batch);
            return (
              <tr key={batch._id} data-testid="batch-row">
                <th scope="row" className="codes-table__label stacked-table__title">
                  {batch.label}
                </th>
                <td data-label="Attempts">{batch.attempts}</td>
                <td data-label="Phase">{batch.phase?.title ?? 'Any phase'}</td>
                <td data-label="Codes">{batch.codeCount.toLocaleString('en-PK')}</td>
                <td data-label="Redeemed">{batch.redeemedCount.toLocaleString('en-PK')}</td>
                <td data-label="Status">
                  <span>
                    <span className={`list-badge list-badge--${status.toLowerCase()}`}>{status}</span>
                    {status === 'Active' && batch.validUntil !== null ? (
                      <span className="codes-note">until {formatDay(batch.validUntil)}</span>
                    ) : null}
                  </span>
                </td>
                <td data-label="Created">{formatDay(batch.createdAt)}</td>
                <td className="codes-table__actions row-actions">
                  {can('export') ? (
                    <Button
                      small
                      variant="secondary"
                      disabled={exporter.isPending}
                      onClick={() => exporter.mutate(batch)}
                      aria-label={`Export CSV of the codes of ${batch.label}`}
                      data-testid="batch-export"
                    >
                      Export CSV
                    </Button>
                  ) : null}
                  {can('update') && batch.revokedAt === null ? (
                    <Button
                      small
                      variant="ghost"
                      className="danger-action"
                      onClick={() => revoking.ask(batch)}
                      aria-label={`Revoke ${batch.label}`}
                      data-testid="batch-revoke"
                    >
                      Revoke
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          }}
        </ListTable>
        <ListPager page={page} pager={pager} noun="batches" />
      </Card>

      {can('update') ? <RevokeOneCode /> : null}

      {generating ? (
        <GenerateCodesDialog
          phases={phases.data ?? []}
          canChoosePhase={canReadPhases}
          onClose={() => setGenerating(false)}
        />
      ) : null}
      <DeleteConfirmDialog state={revoking} title="Revoke batch" confirmLabel="Revoke batch">
        {(batch) => (
          <p>
            Revoke <strong>{batch.label}</strong>? Its{' '}
            {(batch.codeCount - batch.redeemedCount).toLocaleString('en-PK')} unused codes stop working at
            once. Students who already redeemed a code keep their attempts. This cannot be undone.
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}

/** Revokes a single code someone reports lost or leaked, as they read it out. */
function RevokeOneCode() {
  const [code, setCode] = useState('');
  const revoke = useRevokeCode();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() !== '') {
      revoke.mutate(code.trim(), { onSuccess: () => setCode('') });
    }
  };
  return (
    <Card className="stack" aria-label="Revoke one code">
      <h2 className="card__title">Revoke one code</h2>
      <form className="codes-revoke" onSubmit={onSubmit} noValidate>
        <TextField
          className="codes-revoke__input"
          label="Code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX"
          value={code}
          maxLength={64}
          onChange={(event) => {
            setCode(event.target.value);
            revoke.reset();
          }}
          data-testid="revoke-code-input"
        />
        <Button
          type="submit"
          variant="danger"
          disabled={revoke.isPending || code.trim() === ''}
          data-testid="revoke-code-submit"
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke code'}
        </Button>
      </form>
      {revoke.isError ? (
        <Alert tone="error" data-testid="revoke-code-error">
          {describeError(revoke.error)}
        </Alert>
      ) : null}
    </Card>
  );
}
