import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { saveBlob } from '../../../shared/files/save-blob';
import { useObjectUrl } from '../../../shared/files/use-object-url';
import { errorMessage } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import { useDocumentFile } from '../api/use-verification';
import { fetchDocumentFile, type StudentDocument } from '../api/verification-api';
import { ImageZoomDialog } from './image-zoom-dialog';
import {
  DOCUMENT_KIND_LABELS,
  documentFileName,
  formatBytes,
  formatDateTime,
  isPdf,
} from './verification-format';

interface DocumentCardProps {
  document: StudentDocument;
  studentName: string;
  /** The document a decision applies to; older ones load only when asked, to spare mobile data. */
  current: boolean;
}

export function DocumentCard({ document, studentName, current }: DocumentCardProps) {
  const kind = DOCUMENT_KIND_LABELS[document.kind];
  return (
    <article className="verify-doc" data-testid="verification-document">
      <header className="verify-doc__head">
        <h3 className="verify-doc__title">
          {kind}
          {current ? <span className="verify-doc__tag">Current</span> : null}
        </h3>
        <p className="verify-doc__meta muted">
          {isPdf(document) ? 'PDF' : 'Photo'} · {formatBytes(document.sizeBytes)} · uploaded{' '}
          {formatDateTime(document.createdAt)} · {document.status.toLowerCase().replace('_', ' ')}
        </p>
      </header>
      {isPdf(document) ? (
        <PdfDocument document={document} />
      ) : (
        <ImageDocument
          document={document}
          alt={`${kind} of ${studentName}`}
          title={kind}
          loadAtOnce={current}
        />
      )}
    </article>
  );
}

function PdfDocument({ document }: { document: StudentDocument }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      saveBlob(await fetchDocumentFile(document._id), documentFileName(document));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="verify-doc__pdf">
      <span className="verify-doc__pdf-icon" aria-hidden="true">
        PDF
      </span>
      <p className="muted">PDF files are not shown here. Download it to check it.</p>
      <Button
        variant="secondary"
        disabled={pending}
        onClick={() => void download()}
        data-testid="document-download"
      >
        {pending ? 'Downloading…' : 'Download PDF'}
      </Button>
    </div>
  );
}

interface ImageDocumentProps {
  document: StudentDocument;
  alt: string;
  title: string;
  loadAtOnce: boolean;
}

function ImageDocument({ document, alt, title, loadAtOnce }: ImageDocumentProps) {
  const [requested, setRequested] = useState(loadAtOnce);
  const [zoomed, setZoomed] = useState(false);
  const file = useDocumentFile(document._id, requested);
  const url = useObjectUrl(file.data);

  if (!requested) {
    return (
      <Button small variant="secondary" onClick={() => setRequested(true)}>
        Show this photo
      </Button>
    );
  }
  if (file.isError) {
    return (
      <Alert tone="error">
        <p>The photo could not be loaded. {errorMessage(file.error)}</p>
        <Button small variant="secondary" onClick={() => void file.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (url === null) {
    return (
      <div className="verify-doc__frame verify-doc__frame--loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading the photo…</span>
      </div>
    );
  }
  return (
    <div className="stack">
      <button
        type="button"
        className="verify-doc__frame"
        onClick={() => setZoomed(true)}
        aria-label={`Enlarge ${alt}`}
        data-testid="document-image"
      >
        <img src={url} alt={alt} />
      </button>
      <div className="row">
        <Button small variant="secondary" onClick={() => setZoomed(true)} data-testid="document-zoom">
          Zoom
        </Button>
        <Button
          small
          variant="ghost"
          onClick={() => file.data !== undefined && saveBlob(file.data, documentFileName(document))}
        >
          Download
        </Button>
      </div>
      {zoomed ? <ImageZoomDialog src={url} alt={alt} title={title} onClose={() => setZoomed(false)} /> : null}
    </div>
  );
}
