import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { formatStudentDate } from '../../../shared/format/student-dates';
import { Ltr, PersonName, useLanguage, useT } from '../../../shared/i18n';
import { Fact } from '../../../shared/ui/fact';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { certificateKeys, verifyCertificate } from '../certificates-api';
import './certificates.css';

/** /certificates/:code — confirms a certificate with exactly what it prints, or says it was revoked and when. */
export function CertificateVerifyPage() {
  const t = useT();
  const language = useLanguage();
  const code = useParams().code ?? '';
  const cert = useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => verifyCertificate(code, signal),
  });
  const revoked = cert.data !== undefined && cert.data.revokedAt !== null;
  return (
    <article className="stack" data-testid="certificate-verify-page">
      <PageHeading title={t('site.certificate.title')}>{t('site.certificate.intro')}</PageHeading>
      {cert.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {cert.isError ? (
        <Alert tone="error" data-testid="certificate-not-found">
          <p>{t('site.certificate.notFound', { code })}</p>
        </Alert>
      ) : null}
      {cert.data && cert.data.revokedAt !== null ? (
        <Alert tone="error" data-testid="certificate-revoked">
          <h2 className="certificate-revoked__title">{t('site.certificate.revoked')}</h2>
          <p>
            {t('site.certificate.revokedNote', { date: formatStudentDate(cert.data.revokedAt, language) })}
          </p>
        </Alert>
      ) : null}
      {cert.data ? (
        <Card
          className={`stack ${revoked ? 'certificate-was' : 'certificate-valid'}`}
          aria-labelledby="certificate-valid"
          data-testid={revoked ? 'certificate-revoked-facts' : 'certificate-valid'}
        >
          <h2 id="certificate-valid" className="certificate-valid__title">
            {revoked ? (
              t('site.certificate.kind')
            ) : (
              <>
                <span className="certificate-valid__mark" aria-hidden="true">
                  ✓
                </span>
                {t('site.certificate.valid')}
              </>
            )}
          </h2>
          <dl className="facts certificate-facts">
            <Fact label={t('site.certificate.kind')}>{t(`site.certificate.kind.${cert.data.kind}`)}</Fact>
            <Fact label={t('site.certificate.name')} testId="certificate-name">
              <PersonName name={cert.data.name} />
            </Fact>
            <Fact label={t('site.certificate.grade')}>
              <PersonName name={cert.data.grade} />
            </Fact>
            <Fact label={t('site.certificate.phase')}>
              <PersonName name={cert.data.phase} />
            </Fact>
            {cert.data.rank !== null ? (
              <Fact label={t('site.certificate.rank')}>
                <Ltr>{cert.data.rank}</Ltr>
              </Fact>
            ) : null}
            <Fact label={t('site.certificate.issued')}>
              <bdi>{formatStudentDate(cert.data.issuedAt, language)}</bdi>
            </Fact>
            {cert.data.revokedAt !== null ? (
              <Fact label={t('site.certificate.revokedOn')} testId="certificate-revoked-on">
                <bdi>{formatStudentDate(cert.data.revokedAt, language)}</bdi>
              </Fact>
            ) : null}
            <Fact label={t('site.certificate.code')}>
              <Ltr>{cert.data.code}</Ltr>
            </Fact>
          </dl>
        </Card>
      ) : null}
    </article>
  );
}

export default CertificateVerifyPage;
