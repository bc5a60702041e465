import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { formatStudentDate } from '../../../shared/format/student-dates';
import { Ltr, useLanguage, useT } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { certificateKeys, verifyCertificate } from '../certificates-api';

/** /certificates/:code — confirms a certificate with exactly what it prints, nothing more. */
export function CertificateVerifyPage() {
  const t = useT();
  const language = useLanguage();
  const code = useParams().code ?? '';
  const cert = useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => verifyCertificate(code, signal),
  });
  return (
    <article className="stack" data-testid="certificate-verify-page">
      <PageHeading title={t('site.certificate.title')}>{t('site.certificate.intro')}</PageHeading>
      {cert.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {cert.isError ? (
        <Alert tone="error" data-testid="certificate-not-found">
          <p>{t('site.certificate.notFound', { code })}</p>
        </Alert>
      ) : null}
      {cert.data ? (
        <Card aria-labelledby="certificate-valid" data-testid="certificate-valid">
          <h2 id="certificate-valid">{t('site.certificate.valid')}</h2>
          <dl className="dash-facts">
            <div>
              <dt>{t('site.certificate.kind')}</dt>
              <dd>{t(`site.certificate.kind.${cert.data.kind}`)}</dd>
            </div>
            <div>
              <dt>{t('site.certificate.name')}</dt>
              <dd data-testid="certificate-name">
                <bdi>{cert.data.name}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('site.certificate.grade')}</dt>
              <dd>
                <bdi>{cert.data.grade}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('site.certificate.phase')}</dt>
              <dd>
                <bdi>{cert.data.phase}</bdi>
              </dd>
            </div>
            {cert.data.rank !== null ? (
              <div>
                <dt>{t('site.certificate.rank')}</dt>
                <dd>
                  <Ltr>{cert.data.rank}</Ltr>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('site.certificate.issued')}</dt>
              <dd>
                <bdi>{formatStudentDate(cert.data.issuedAt, language)}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('site.certificate.code')}</dt>
              <dd>
                <Ltr>{cert.data.code}</Ltr>
              </dd>
            </div>
          </dl>
        </Card>
      ) : null}
    </article>
  );
}

export default CertificateVerifyPage;
