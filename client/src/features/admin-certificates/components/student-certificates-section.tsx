import { useParams } from 'react-router-dom';
import { useCan } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { ListStatus } from '../../../shared/ui/list-status';
import { TitledCard } from '../../../shared/ui/titled-card';
import { useCertificates } from '../api/certificates-admin-api';
import { CertificatesTable } from './certificates-table';

/** On a student's page: their certificates, for staff with certificate:read. */
export function StudentCertificatesSection() {
  const can = useCan('certificate');
  const studentId = useParams().id ?? '';
  const allowed = can?.('read') === true;
  const list = useCertificates(
    { studentId, phaseId: '', status: '', search: '', page: 1, limit: 100 },
    allowed && studentId !== '',
  );
  if (!allowed) {
    return null;
  }
  return (
    <TitledCard id="student-certificates-title" title="Certificates" data-testid="student-certificates">
      <ListStatus
        query={list}
        loading="Loading certificates…"
        error={`The certificates could not be loaded: ${describeError(list.error)}`}
        empty="No certificates yet."
        emptyTestId="student-certificates-empty"
      />
      <CertificatesTable rows={list.data?.data} busy={list.isFetching} can={can} showStudent={false} />
    </TitledCard>
  );
}
