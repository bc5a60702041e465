import type { AdminCertificate, CertificateLanguage } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { type Can, ListTable } from '../../../shared/admin-list';
import { useDownload } from '../../../shared/files/use-download';
import { formatDateTime } from '../../../shared/format/date-time';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import { type CertificateChange, downloadCertificate } from '../api/certificates-admin-api';
import { CertificateChangeDialog } from './certificate-change-dialog';
import { kindText, revokedText } from './certificate-labels';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './certificates-admin.css';

const LANGS: { lang: CertificateLanguage; label: string }[] = [
  { lang: 'en', label: 'PDF (English)' },
  { lang: 'ur', label: 'PDF (Urdu)' },
];

/** Certificates with their status and row actions: download, revoke, re-issue (as permissions allow). */
export function CertificatesTable({
  rows,
  busy,
  can,
  showStudent = true,
}: {
  rows: readonly AdminCertificate[] | undefined;
  busy: boolean;
  can: Can;
  showStudent?: boolean;
}) {
  const [changing, setChanging] = useState<{ cert: AdminCertificate; change: CertificateChange } | null>(
    null,
  );
  const download = useDownload();
  return (
    <>
      {download.error !== null ? (
        <Alert tone="error" data-testid="certificate-download-error">
          The certificate could not be downloaded: {download.error}
        </Alert>
      ) : null}
      <ListTable
        rows={rows}
        busy={busy}
        className="data-table data-table--top stacked-table stacked-table--wide certificates-table"
        testId="certificates-table"
        columns={[showStudent ? 'Student' : 'Certificate', 'Level', 'Phase · grade', 'Issued', 'Status']}
      >
        {(cert) => (
          <tr key={cert._id} data-testid="certificate-row" data-code={cert.code}>
            <th scope="row" className="stacked-table__title">
              {showStudent ? (
                <>
                  <Link to={adminPagePath('studentView', { id: cert.student._id })}>
                    <bdi>{cert.student.fullName}</bdi>
                  </Link>
                  <span className="cell-note">
                    #{cert.student.studentNo} · <span className="certificate-code">{cert.code}</span>
                  </span>
                </>
              ) : (
                <span className="certificate-code">{cert.code}</span>
              )}
            </th>
            <td data-label="Level">{kindText(cert)}</td>
            <td data-label="Phase · grade">
              {cert.phase.name} · {cert.grade.title}
            </td>
            <td data-label="Issued">{formatDateTime(cert.issuedAt)}</td>
            <td data-label="Status" data-testid="certificate-status">
              {cert.revokedAt === null ? (
                <span className="certificate-status certificate-status--valid">Valid</span>
              ) : (
                <span className="certificate-status-wrap">
                  <span className="certificate-status certificate-status--revoked">Revoked</span>
                  <span className="cell-note">{revokedText(cert)}</span>
                  {cert.revokedReason ? <span className="cell-note">{cert.revokedReason}</span> : null}
                </span>
              )}
            </td>
            <td className="row-actions certificates-table__actions">
              {LANGS.filter(({ lang }) => cert.languages.includes(lang)).map(({ lang, label }) => (
                <Button
                  key={lang}
                  small
                  variant="secondary"
                  aria-label={`Download ${cert.code} as ${label}`}
                  disabled={download.pending !== null}
                  onClick={() =>
                    void download.run(`${cert._id}-${lang}`, () => downloadCertificate(cert, lang))
                  }
                  data-testid={`certificate-download-${lang}`}
                >
                  {label}
                </Button>
              ))}
              {cert.languages.length === 0 ? <span className="muted">Being drawn…</span> : null}
              {can('update') && cert.revokedAt === null ? (
                <Button
                  small
                  variant="ghost"
                  className="danger-action"
                  aria-label={`Revoke ${cert.code}`}
                  onClick={() => setChanging({ cert, change: 'revoke' })}
                  data-testid="certificate-revoke"
                >
                  Revoke
                </Button>
              ) : null}
              {can('update') ? (
                <Button
                  small
                  variant="ghost"
                  aria-label={`Re-issue ${cert.code}`}
                  onClick={() => setChanging({ cert, change: 'reissue' })}
                  data-testid="certificate-reissue"
                >
                  Re-issue
                </Button>
              ) : null}
            </td>
          </tr>
        )}
      </ListTable>
      {changing !== null ? (
        <CertificateChangeDialog
          cert={changing.cert}
          change={changing.change}
          onClose={() => setChanging(null)}
        />
      ) : null}
    </>
  );
}
