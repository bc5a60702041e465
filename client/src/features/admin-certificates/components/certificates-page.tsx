import { CERTIFICATE_STATUSES } from '@riyazi/api/contracts';
import { ListPager, ListSearch, useCan, useListUrlState } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useCertificates } from '../api/certificates-admin-api';
import { STATUS_LABELS } from './certificate-labels';
import { CERTIFICATE_LIST } from './certificates-query';
import { CertificatesTable } from './certificates-table';

/** Every certificate issued: who holds which, by phase, with download, revoke and re-issue. */
export function CertificatesPage() {
  const can = useCan('certificate');
  const { query, update, pager, filtered, bind } = useListUrlState(CERTIFICATE_LIST);
  const list = useCertificates({ ...query, studentId: '' });
  if (can === null) {
    return null;
  }
  const page = list.data;
  return (
    <div className="stack">
      <PageHeading title="Certificates">
        Who holds which certificate. Download one as the student gets it
        {can('update')
          ? '; revoke one (anyone checking its code then sees it was revoked), or re-issue it under a new code'
          : ''}
        . A disqualification or a removed winner revokes the certificates it takes away by itself.
      </PageHeading>
      <Card className="stack" aria-label="Certificates">
        <div className="list-filters">
          <ListSearch
            placeholder="Name, student number or code"
            value={query.search}
            onSearch={(search) => update({ search })}
            testId="certificates-search"
          />
          <FilterSelect
            label="Phase"
            {...bind('phaseId', 'certificates-filter-phase')}
            allLabel="All phases"
            options={(page?.options.phases ?? []).map((p) => ({ value: p._id, label: p.name }))}
          />
          <FilterSelect
            label="Status"
            {...bind('status', 'certificates-filter-status')}
            allLabel="Valid and revoked"
            options={CERTIFICATE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
        </div>
        <ListStatus
          query={list}
          loading="Loading certificates…"
          error={`The certificates could not be loaded: ${describeError(list.error)}`}
          empty={filtered ? 'No certificates match these filters.' : 'No certificates issued yet.'}
          emptyTestId="certificates-empty"
        />
        <CertificatesTable rows={page?.data} busy={list.isFetching} can={can} />
        {page !== undefined ? <ListPager page={page} pager={pager} noun="certificates" /> : null}
      </Card>
    </div>
  );
}
