import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { Link, useLocation, useParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Fact } from '../../../shared/ui/fact';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Card } from '../../../shared/ui/surface';
import { useVerification } from '../api/use-verification';
import type { VerificationDetail } from '../api/verification-api';
import { DecisionPanel } from './decision-panel';
import { DocumentCard } from './document-card';
import { StatusBadge } from './status-badge';
import { currentDocument } from './verification-format';
import './verification-view.css';
import '../../../shared/ui/facts.css';

const UPDATE_VERIFICATION: Permission = { module: 'studentVerification', action: 'update' };

/** The list's query string, when the visitor came from the list: back returns to the same filters. */
function listSearchFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('?') ? state.from : '';
  }
  return '';
}

export function VerificationViewPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const auth = useAdminAuth();
  const canUpdate = auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE_VERIFICATION);
  const detail = useVerification(id);
  const backHref = `${adminPagePath('studentVerification')}${listSearchFrom(location.state)}`;

  return (
    <div className="stack">
      <Link to={backHref} className="back-link">
        <span aria-hidden="true">←</span> All verification requests
      </Link>
      <RecordStatus query={detail} title="Verification request" noun="student" />
      {detail.isSuccess ? <VerificationView student={detail.data} canUpdate={canUpdate} /> : null}
    </div>
  );
}

function VerificationView({ student, canUpdate }: { student: VerificationDetail; canUpdate: boolean }) {
  const current = currentDocument(student.documents);
  return (
    <>
      <div className="record-title verify-title">
        <PageHeading title={student.fullName} />
        <StatusBadge status={student.status} />
      </div>
      <div className="verify-layout">
        <Card className="verify-layout__details" aria-labelledby="verify-details-title">
          <h2 id="verify-details-title" className="card__title">
            Student
          </h2>
          <dl className="facts verify-facts--grid">
            <Fact label="Student no.">{String(student.studentId)}</Fact>
            <Fact label="Father's name">{student.fatherName}</Fact>
            <Fact label="E-mail" wide>
              {student.email}
            </Fact>
            <Fact label="Phone">{student.phone}</Fact>
            <Fact label="Grade">{student.grade}</Fact>
            <Fact label="School">{student.schoolName}</Fact>
            <Fact label="City">{student.city}</Fact>
          </dl>
        </Card>
        <Card className="verify-layout__documents stack" aria-labelledby="verify-documents-title">
          <h2 id="verify-documents-title" className="card__title">
            Documents
          </h2>
          {student.documents.length === 0 ? (
            <p className="muted">The student has not uploaded a document yet.</p>
          ) : (
            student.documents.map((document) => (
              <DocumentCard
                key={document._id}
                document={document}
                studentName={student.fullName}
                current={document._id === current?._id}
              />
            ))
          )}
        </Card>
        <div className="verify-layout__decision">
          <DecisionPanel student={student} canUpdate={canUpdate} hasDocument={current !== null} />
        </div>
      </div>
    </>
  );
}
