import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useObjectUrl } from '../../../shared/files/use-object-url';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import type { StudentDetail, StudentDocument } from '../api/student-details-api';
import { useDocumentFile } from '../api/use-student-details';
import { DOCUMENT_KIND_LABELS, documentFileName, formatBytes, formatDateTime } from './student-format';

const STATUS_LABELS = {
  NOT_SUBMITTED: 'Not submitted',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
} as const;

export function DocumentsCard({ student }: { student: StudentDetail }) {
  const { verification } = student;
  return (
    <Card className="sd-layout__documents stack" aria-labelledby="sd-documents-title">
      <h2 id="sd-documents-title" className="card__title">
        Documents and verification
      </h2>
      <p>
        <span
          className={`sd-badge sd-badge--${verification.status.toLowerCase()}`}
          data-testid="student-verification"
        >
          {STATUS_LABELS[verification.status]}
        </span>
        {verification.verifiedAt ? (
          <span className="muted">
            {' '}
            by {verification.verifiedBy ?? 'staff'} on {formatDateTime(verification.verifiedAt)}
          </span>
        ) : null}
      </p>
      {verification.reason ? <p className="sd-history__reason">“{verification.reason}”</p> : null}
      {verification.documents.length === 0 ? (
        <p className="muted">The student has not uploaded a document yet.</p>
      ) : (
        <ul className="sd-docs">
          {verification.documents.map((document) => (
            <DocumentRow key={document._id} document={document} canOpen={verification.canOpenDocuments} />
          ))}
        </ul>
      )}
      {verification.canOpenDocuments && verification.status !== 'NOT_SUBMITTED' ? (
        <Link to={adminPagePath('studentVerificationView', { id: student.profile._id })}>
          Open the verification request
        </Link>
      ) : null}
      {verification.canOpenDocuments ? null : (
        <p className="muted">Opening documents needs the student verification permission.</p>
      )}
    </Card>
  );
}

function DocumentRow({ document, canOpen }: { document: StudentDocument; canOpen: boolean }) {
  const [requested, setRequested] = useState(false);
  const file = useDocumentFile(document._id, requested);
  const url = useObjectUrl(file.data);
  const isPdf = document.contentType === 'application/pdf';
  return (
    <li className="sd-doc" data-testid="student-document">
      <div>
        <strong>{DOCUMENT_KIND_LABELS[document.kind]}</strong>
        <span className="muted">
          {' '}
          · {isPdf ? 'PDF' : 'Photo'} · {formatBytes(document.sizeBytes)} ·{' '}
          {formatDateTime(document.createdAt)} · {document.status.toLowerCase().replace('_', ' ')}
        </span>
      </div>
      {canOpen && !requested ? (
        <Button
          small
          variant="secondary"
          onClick={() => setRequested(true)}
          data-testid="student-document-open"
        >
          {isPdf ? 'Get the PDF' : 'Show the photo'}
        </Button>
      ) : null}
      {requested && file.isPending ? <LoadingBlock label="Loading the document…" /> : null}
      {file.isError ? <Alert tone="error">{describeError(file.error)}</Alert> : null}
      {url !== null && !isPdf ? (
        <img className="sd-doc__image" src={url} alt={DOCUMENT_KIND_LABELS[document.kind]} />
      ) : null}
      {url !== null ? (
        <a href={url} download={documentFileName(document)}>
          Download
        </a>
      ) : null}
    </li>
  );
}
