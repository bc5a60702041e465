import type { StudentProfile } from '@riyazi/api/contracts/accounts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Ltr, useLanguage, useT } from '../../../shared/i18n';
import { useSystemFlags } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { referralLabel } from './account-fields';
import { DocumentUploadForm } from './document-upload-card';
import { genderText, joinedText, verificationStatusText } from './profile-labels';
import { ProfileLoadFailed, useProfile } from './profile-query';
import './account.css';

function Item({ label, value }: { label: string; value: ReactNode }) {
  const t = useT();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value === null || value === '' ? (
          <span className="profile-missing">{t('account.profile.notGiven')}</span>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/**
 * The address, and whether it is confirmed. While confirmation is switched off nothing waits on it,
 * so an unconfirmed address is shown without a state the child could do nothing about.
 */
function EmailValue({ profile }: { profile: StudentProfile }) {
  const t = useT();
  const { flags } = useSystemFlags();
  return (
    <span className="profile-email">
      <Ltr>{profile.email}</Ltr>
      {profile.emailVerified ? (
        <span className="badge badge--success">{t('account.profile.confirmed')}</span>
      ) : flags.isEmailVerificationEnabled ? (
        <>
          <span className="badge badge--warning">{t('account.profile.notConfirmed')}</span>
          <Link to={paths.studentNotVerified}>{t('account.profile.confirmEmail')}</Link>
        </>
      ) : null}
    </span>
  );
}

function ProfileDetails({ profile }: { profile: StudentProfile }) {
  const t = useT();
  const language = useLanguage();
  const { flags } = useSystemFlags();
  return (
    <div className="stack">
      {!profile.isProfileCompleted ? (
        <Alert tone="warning">
          {fillTemplate(t('account.profile.incomplete'), {
            link: <Link to={paths.profileEdit}>{t('account.profile.fillMissing')}</Link>,
          })}
        </Alert>
      ) : null}
      <Card className="profile-card" aria-labelledby="profile-student">
        <h2 id="profile-student">{t('account.profile.student')}</h2>
        <dl className="profile-list">
          <Item
            label={t('account.profile.studentNumber')}
            value={
              <span data-testid="profile-student-id">
                <Ltr>{profile.studentId}</Ltr>
              </span>
            }
          />
          <Item label={t('account.profile.fullName')} value={profile.fullName} />
          <Item label={t('account.field.fatherName')} value={profile.fatherName} />
          <Item label={t('account.field.gender')} value={genderText(profile.gender)} />
          <Item label={t('account.field.grade')} value={profile.grade?.title ?? null} />
          <Item label={t('account.profile.school')} value={profile.schoolName} />
          <Item label={t('account.field.city')} value={profile.city} />
          <Item label={t('account.profile.attemptsLeft')} value={<Ltr>{profile.contestAttempts}</Ltr>} />
        </dl>
      </Card>
      <Card className="profile-card" aria-labelledby="profile-contact">
        <h2 id="profile-contact">{t('account.profile.contact')}</h2>
        {profile.pendingEmail !== null ? (
          <Alert tone="info" data-testid="profile-pending-email">
            {fillTemplate(t('account.profile.pendingEmail'), {
              pending: (
                <strong className="account-page__email">
                  <Ltr>{profile.pendingEmail}</Ltr>
                </strong>
              ),
              email: (
                <span className="account-page__email">
                  <Ltr>{profile.email}</Ltr>
                </span>
              ),
            })}
          </Alert>
        ) : null}
        <dl className="profile-list">
          <Item label={t('account.profile.email')} value={<EmailValue profile={profile} />} />
          <Item
            label={t('account.field.phone')}
            value={profile.phone === null ? null : <Ltr>{profile.phone}</Ltr>}
          />
          <Item
            label={t('account.profile.heard')}
            value={profile.referralSource === null ? null : referralLabel(t, profile.referralSource)}
          />
          <Item label={t('account.profile.memberSince')} value={joinedText(profile.createdAt, language)} />
        </dl>
      </Card>
      <Card className="profile-card" aria-labelledby="profile-document">
        <h2 id="profile-document">{t('account.profile.document')}</h2>
        <dl className="profile-list profile-list--single">
          <Item
            label={t('account.profile.verification')}
            value={
              <span data-testid="profile-verification">{verificationStatusText(profile.verification)}</span>
            }
          />
        </dl>
        {flags.documentAcceptanceRequired || flags.contestPermissionRequired ? (
          <p className="muted">{t('account.profile.documentNeeded')}</p>
        ) : null}
        <DocumentUploadForm approved={profile.verification.status === 'APPROVED'} />
      </Card>
    </div>
  );
}

function savedNotice(state: unknown): string | null {
  return typeof state === 'object' &&
    state !== null &&
    'pendingEmail' in state &&
    typeof state.pendingEmail === 'string'
    ? state.pendingEmail
    : null;
}

export function ProfilePage() {
  const t = useT();
  const pendingAfterSave = savedNotice(useLocation().state);
  const profile = useProfile();

  return (
    <div className="stack" data-testid="profile-page">
      <div className="spread-row page-heading-row">
        <PageHeading title={t('account.profile.title')} />
        {profile.isSuccess ? (
          <ButtonLink to={paths.profileEdit} data-testid="profile-edit">
            {t('account.profile.edit')}
          </ButtonLink>
        ) : null}
      </div>
      {pendingAfterSave !== null ? (
        <Alert tone="success">
          {fillTemplate(t('account.profile.savedPending'), {
            email: (
              <strong className="account-page__email">
                <Ltr>{pendingAfterSave}</Ltr>
              </strong>
            ),
          })}
        </Alert>
      ) : null}
      {profile.isPending ? <LoadingBlock label={t('account.profile.loading')} /> : null}
      {profile.isError ? <ProfileLoadFailed error={profile.error} retry={profile.refetch} /> : null}
      {profile.isSuccess ? <ProfileDetails profile={profile.data} /> : null}
    </div>
  );
}

export default ProfilePage;
