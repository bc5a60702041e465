import type { StudentProfile } from '@riyazi/api/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { type FieldProblems, firstInvalidField, focusField } from '../../../shared/forms/form-errors';
import { HttpError } from '../../../shared/http/http-error';
import { describeStudentError } from '../../../shared/http/student-error';
import { useLanguage, useT } from '../../../shared/i18n';
import { sessionActions } from '../../../shared/session/session-store';
import { studentSessionQueryKey } from '../../../shared/session/student-session';
import { useStudentAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { accountKeys, updateProfile } from '../api/account-api';
import { AccountFields } from './account-fields';
import {
  checkProfile,
  DETAIL_FIELDS,
  type DetailField,
  type DetailValues,
  describeServerProblems,
  profileToValues,
} from './account-form';
import { ProfileLoadFailed, useProfile } from './profile-query';
import './account.css';

type Problems = FieldProblems<DetailField>;

function ProfileForm({ profile }: { profile: StudentProfile }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const student = useStudentAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<DetailValues>(() => profileToValues(profile));
  // A bulk-uploaded student opens this page to fill in what is missing: show it straight away.
  const [touched, setTouched] = useState<Partial<Record<DetailField, boolean>>>({});
  const [submitted, setSubmitted] = useState(!profile.isProfileCompleted);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  // Worded in the child's language: worded again when it changes.
  const clientProblems = useMemo(() => (language ? checkProfile(values).problems : {}), [values, language]);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ data }, input) => {
      queryClient.setQueryData(accountKeys.profile, data);
      if (student !== null) {
        sessionActions.updateStudentSession({
          username: data.fullName,
          email: data.email,
          gradeTitle: data.grade?.title ?? null,
          gradeId: data.grade?._id ?? null,
          studentId: data.studentId,
          isAttemptEarned: student.isAttemptEarned,
          isProfileCompleted: data.isProfileCompleted,
          emailVerified: data.emailVerified,
        });
      }
      void queryClient.invalidateQueries({ queryKey: studentSessionQueryKey });
      toast.success(t('account.edit.saved'));
      const emailChanged = input.email !== profile.email && data.pendingEmail !== null;
      await navigate(paths.profile, { state: emailChanged ? { pendingEmail: data.pendingEmail } : null });
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) {
        return;
      }
      const described = describeServerProblems(error.fieldErrors, DETAIL_FIELDS);
      setServerProblems(described);
      const first = firstInvalidField(DETAIL_FIELDS, described);
      if (first !== null) {
        focusField(formRef.current, first);
      }
    },
  });

  const change = useCallback((field: DetailField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblems((current) => ({ ...current, [field]: undefined }));
  }, []);
  const blur = (field: DetailField) => setTouched((current) => ({ ...current, [field]: true }));

  const shown: Problems = {};
  for (const field of DETAIL_FIELDS) {
    const visible = submitted || touched[field] === true;
    // A prefilled but missing value is shown only once the student has been asked for it.
    shown[field] = serverProblems[field] ?? (visible ? clientProblems[field] : undefined);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const check = checkProfile(values);
    const first = firstInvalidField(DETAIL_FIELDS, check.problems);
    if (first !== null) {
      focusField(formRef.current, first);
      return;
    }
    if (check.ok) {
      save.mutate(check.data);
    }
  };

  const busy = save.isPending || save.isSuccess;
  const emailEdited = values.email.trim().toLowerCase() !== profile.email;

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <AccountFields
        values={values}
        problems={shown}
        onChange={change}
        onBlur={blur}
        testIdPrefix="profile"
        currentGrade={profile.grade}
        emailHint={emailEdited ? t('account.edit.emailChanged') : t('account.edit.emailHint')}
      />
      {save.isError ? (
        <Alert tone="error" data-testid="profile-error">
          {save.error instanceof HttpError && Object.keys(save.error.fieldErrors).length > 0
            ? t('account.fixFields')
            : describeStudentError(save.error)}
        </Alert>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={busy} data-testid="profile-save">
          {busy ? t('common.saving') : t('account.edit.save')}
        </Button>
        <Link to={paths.profile}>{t('account.edit.cancel')}</Link>
      </div>
    </form>
  );
}

export function ProfileEditPage() {
  const t = useT();
  const profile = useProfile();
  return (
    <div className="stack" data-testid="profile-edit-page">
      <PageHeading title={t('account.edit.title')}>{t('account.edit.intro')}</PageHeading>
      {profile.isError ? <ProfileLoadFailed error={profile.error} retry={profile.refetch} /> : null}
      {profile.isSuccess && !profile.isFetching ? (
        <Card>
          <ProfileForm profile={profile.data} />
        </Card>
      ) : profile.isError ? null : (
        <LoadingBlock label={t('account.profile.loading')} />
      )}
    </div>
  );
}

export default ProfileEditPage;
