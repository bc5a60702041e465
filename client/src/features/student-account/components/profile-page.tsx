import type { StudentProfile } from '@riyazi/api/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { describeError } from '../../../shared/http/http-error';
import { useSystemFlags } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { accountKeys, fetchProfile } from '../api/account-api';
import { DocumentUploadForm } from './document-upload-card';
import { genderText, joinedText, verificationStatusText } from './profile-labels';
import './account.css';

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value === null || value === '' ? <span className="profile-missing">Not given yet</span> : value}
      </dd>
    </div>
  );
}

function EmailValue({ profile }: { profile: StudentProfile }) {
  return (
    <>
      {profile.email}
      {profile.emailVerified ? (
        <span className="badge badge--success">Confirmed</span>
      ) : (
        <span className="badge badge--warning">Not confirmed</span>
      )}
    </>
  );
}

function ProfileDetails({ profile }: { profile: StudentProfile }) {
  const { flags } = useSystemFlags();
  return (
    <div className="stack">
      {!profile.isProfileCompleted ? (
        <Alert tone="warning">
          Your profile is not complete yet. <Link to={paths.profileEdit}>Fill in the missing details</Link> to
          take part in the contest.
        </Alert>
      ) : null}
      <Card className="profile-card" aria-labelledby="profile-student">
        <h2 id="profile-student">Student</h2>
        <dl className="profile-list">
          <Item
            label="Student number"
            value={<span data-testid="profile-student-id">{profile.studentId}</span>}
          />
          <Item label="Full name" value={profile.fullName} />
          <Item label="Father’s name" value={profile.fatherName} />
          <Item label="Gender" value={genderText(profile.gender)} />
          <Item label="Grade" value={profile.grade?.title ?? null} />
          <Item label="School" value={profile.schoolName} />
          <Item label="City" value={profile.city} />
          <Item label="Contest attempts left" value={String(profile.contestAttempts)} />
        </dl>
      </Card>
      <Card className="profile-card" aria-labelledby="profile-contact">
        <h2 id="profile-contact">Contact</h2>
        {profile.pendingEmail !== null ? (
          <Alert tone="info" data-testid="profile-pending-email">
            We sent a confirmation link to{' '}
            <strong className="account-page__email">{profile.pendingEmail}</strong>. Your e-mail changes to
            this address once you open the link; until then we keep using{' '}
            <span className="account-page__email">{profile.email}</span>.
          </Alert>
        ) : null}
        <dl className="profile-list">
          <Item label="E-mail" value={<EmailValue profile={profile} />} />
          <Item label="Mobile number" value={profile.phone} />
          <Item label="How you heard about us" value={profile.referralSource} />
          <Item label="Member since" value={joinedText(profile.createdAt)} />
        </dl>
      </Card>
      <Card className="profile-card" aria-labelledby="profile-document">
        <h2 id="profile-document">School document</h2>
        <dl className="profile-list profile-list--single">
          <Item
            label="Verification"
            value={
              <span data-testid="profile-verification">{verificationStatusText(profile.verification)}</span>
            }
          />
        </dl>
        {flags.documentAcceptanceRequired || flags.contestPermissionRequired ? (
          <p className="muted">
            A school ID card or B-form is needed for the contest. Our team checks it by hand.
          </p>
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
  const pendingAfterSave = savedNotice(useLocation().state);
  const profile = useQuery({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    refetchOnMount: 'always',
  });

  return (
    <div className="stack" data-testid="profile-page">
      <div className="page-heading-row">
        <PageHeading title="Your profile" />
        {profile.isSuccess ? (
          <ButtonLink to={paths.profileEdit} data-testid="profile-edit">
            Edit profile
          </ButtonLink>
        ) : null}
      </div>
      {pendingAfterSave !== null ? (
        <Alert tone="success">
          Saved. Please open the link we sent to{' '}
          <strong className="account-page__email">{pendingAfterSave}</strong> to confirm your new e-mail
          address.
        </Alert>
      ) : null}
      {profile.isPending ? <LoadingBlock label="Loading your profile…" /> : null}
      {profile.isError ? (
        <Alert tone="error">
          <p>Your profile could not be loaded. {describeError(profile.error)}</p>
          <Button small variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {profile.isSuccess ? <ProfileDetails profile={profile.data} /> : null}
    </div>
  );
}

export default ProfilePage;
