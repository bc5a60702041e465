import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Fact } from '../../../shared/ui/fact';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Card } from '../../../shared/ui/surface';
import type { StudentDetail } from '../api/student-details-api';
import { useStudentDetail } from '../api/use-student-details';
import { AttemptsCard } from './attempts-card';
import { DocumentsCard } from './documents-card';
import { PaymentsCard, PlaysAndRanksCard } from './payments-card';
import { ResetLinkDialog } from './reset-link-dialog';
import { formatDateTime, GENDER_LABELS } from './student-format';
import './student-details.css';
import '../../../shared/ui/facts.css';
import '../../../shared/admin-list/admin-list.css';

const UPDATE_STUDENT: Permission = { module: 'student', action: 'update' };

export function StudentViewPage() {
  const { id = '' } = useParams();
  const detail = useStudentDetail(id);
  return (
    <div className="stack">
      <Link to={adminPagePath('students')} className="back-link">
        <span aria-hidden="true">←</span> All students
      </Link>
      <RecordStatus query={detail} title="Student" noun="student" />
      {detail.isSuccess ? <StudentView student={detail.data} /> : null}
    </div>
  );
}

function StudentView({ student }: { student: StudentDetail }) {
  const auth = useAdminAuth();
  const canUpdate = auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, UPDATE_STUDENT);
  const [resetOpen, setResetOpen] = useState(false);
  const { profile } = student;
  return (
    <>
      <div className="record-title">
        <PageHeading title={profile.fullName}>Student no. {profile.studentId}</PageHeading>
        <span
          className={profile.isActive ? 'sd-badge sd-badge--ok' : 'sd-badge sd-badge--off'}
          data-testid="student-active"
        >
          {profile.isActive ? 'Active' : 'Inactive'}
        </span>
      </div>
      <div className="sd-actions">
        {(['contest', 'practice'] as const).map((kind) => (
          <ButtonLink
            key={kind}
            small
            variant="secondary"
            to={`${adminPagePath('studentAttempts', { id: profile._id })}?type=${kind.toUpperCase()}`}
            data-testid={`student-${kind}-attempts`}
          >
            {kind === 'contest' ? 'Contest' : 'Practice'} attempts ({student.plays[kind].total})
          </ButtonLink>
        ))}
        {canUpdate ? (
          <Button small variant="ghost" onClick={() => setResetOpen(true)} data-testid="student-reset-link">
            Issue password reset link
          </Button>
        ) : null}
      </div>
      <div className="sd-layout">
        <ProfileCard student={student} />
        <AttemptsCard student={student} canUpdate={canUpdate} />
        <DocumentsCard student={student} />
        <PlaysAndRanksCard student={student} />
        <PaymentsCard payments={student.payments} />
      </div>
      {resetOpen ? (
        <ResetLinkDialog
          studentId={profile._id}
          studentName={profile.fullName}
          email={profile.email}
          onClose={() => setResetOpen(false)}
        />
      ) : null}
    </>
  );
}

function ProfileCard({ student: { profile } }: { student: StudentDetail }) {
  const flags: [string, boolean][] = [
    ['E-mail verified', profile.emailVerified],
    ['E-mail confirmed by staff', profile.autoEmailVerified],
    ['Registered through bulk upload', profile.registeredThroughBulk],
    ['Paid', profile.isPaymentMade || profile.codeEntered],
  ];
  return (
    <Card
      className="sd-layout__profile stack"
      aria-labelledby="sd-profile-title"
      data-testid="student-profile"
    >
      <h2 id="sd-profile-title" className="card__title">
        Profile
      </h2>
      <dl className="facts sd-facts">
        <Fact label="Full name">{profile.fullName}</Fact>
        <Fact label="Father's name">{profile.fatherName}</Fact>
        <Fact label="E-mail" wide>
          {profile.email}
          {profile.pendingEmail ? <span className="muted"> (changing to {profile.pendingEmail})</span> : null}
        </Fact>
        <Fact label="Phone">{profile.phone}</Fact>
        <Fact label="Gender">{profile.gender === null ? null : GENDER_LABELS[profile.gender]}</Fact>
        <Fact label="Grade">{profile.grade?.title ?? null}</Fact>
        <Fact label="School">{profile.schoolName}</Fact>
        <Fact label="City">{profile.city}</Fact>
        <Fact label="Heard of us from">{profile.referralSource}</Fact>
        <Fact label="Batch Id">{profile.shortDescription}</Fact>
        <Fact label="Signed up">{formatDateTime(profile.createdAt)}</Fact>
        <Fact label="Last changed">{formatDateTime(profile.updatedAt)}</Fact>
      </dl>
      <ul className="chip-list" aria-label="Account flags">
        {flags.map(([label, on]) => (
          <li key={label} className={on ? 'chip sd-flag sd-flag--on' : 'chip sd-flag'}>
            <span aria-hidden="true">{on ? '✓' : '–'}</span> {label}
            <span className="visually-hidden">: {on ? 'yes' : 'no'}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
