import type { CertificateLanguage, StudentCertificate } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../shared/files/save-blob';
import { useDownload } from '../../../shared/files/use-download';
import { studentHttp } from '../../../shared/http/clients';
import { Ltr, useT } from '../../../shared/i18n';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';
import { Button } from '../../../shared/ui/button';
import { Alert, Card } from '../../../shared/ui/surface';

async function downloadCertificate(cert: StudentCertificate, lang: CertificateLanguage) {
  const blob = await studentHttp.request<Blob>('GET', '/student/certificates/download', {
    query: { id: cert._id, lang },
    responseType: 'blob',
  });
  saveBlob(blob, `riyazi-certificate-${cert.code}-${lang}.pdf`);
}

/** The student's own certificates, each downloadable in English and Urdu (none yet: no card). */
export function CertificatesCard() {
  const t = useT();
  const certificates = useQuery({
    queryKey: [STUDENT_KEY_ROOT, 'certificates'],
    queryFn: async ({ signal }) =>
      (await studentHttp.get<{ data: StudentCertificate[] }>('/student/certificates', { signal })).data,
    staleTime: 60_000,
  });
  const download = useDownload();
  const list = certificates.data ?? [];
  if (list.length === 0) {
    return null;
  }
  return (
    <Card
      className="dash-card"
      id="certificates"
      aria-labelledby="dash-certificates-title"
      data-testid="certificates-card"
    >
      <h2 id="dash-certificates-title">{t('dashboard.certificates.title')}</h2>
      <ul className="dash-certificates">
        {list.map((cert) => (
          <li key={cert._id} className="dash-certificate" data-testid="certificate-item">
            <p className="dash-certificate__kind">{t(`dashboard.certificates.kind.${cert.kind}`)}</p>
            <p>
              <bdi>{cert.phase}</bdi>
              {cert.rank !== null ? (
                <>
                  {' · '}
                  {t('dashboard.certificates.rank')} <Ltr>{cert.rank}</Ltr>
                </>
              ) : null}
            </p>
            <p className="muted">
              {t('dashboard.certificates.code')} <Ltr>{cert.code}</Ltr>
            </p>
            <div className="row dash-certificate__downloads">
              {cert.languages.map((lang) => (
                <Button
                  key={lang}
                  small
                  variant="secondary"
                  disabled={download.pending !== null}
                  onClick={() =>
                    void download.run(`${cert._id}-${lang}`, () => downloadCertificate(cert, lang))
                  }
                  data-testid={`certificate-download-${lang}`}
                >
                  {t(
                    lang === 'en' ? 'dashboard.certificates.downloadEn' : 'dashboard.certificates.downloadUr',
                  )}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {download.error ? <Alert tone="error">{download.error}</Alert> : null}
    </Card>
  );
}
