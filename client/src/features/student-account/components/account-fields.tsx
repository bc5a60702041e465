import {
  GENDERS,
  normalizePakistaniMobile,
  PAKISTAN_CITIES,
  REFERRAL_SOURCES,
} from '@riyazi/api/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldProblems } from '../../../shared/forms/form-errors';
import { type Translate, useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui/button';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { Combobox } from '../../../shared/ui/combobox';
import { EmailField, RecordOptions, SelectField, TextField } from '../../../shared/ui/field';
import { cityComboboxTexts } from '../../../shared/ui/student-texts';
import { accountKeys, fetchGradeOptions, type GradeOption } from '../api/account-api';
import { type DetailField, type DetailValues, gradeChoices } from './account-form';

const NAME_FIELDS = [
  { field: 'fullName', autoComplete: 'name' },
  { field: 'fatherName', autoComplete: 'off' },
] as const;

const TRANSLATED_SOURCES = ['School', 'Friend', 'Other'] as const;

/** Brand and network names stay as they are; the common words are translated. */
export function referralLabel(t: Translate, source: string): string {
  const known = TRANSLATED_SOURCES.find((word) => word === source);
  return known === undefined ? source : t(`account.referral.${known}`);
}

interface AccountFieldsProps {
  values: DetailValues;
  /** Problems to show now (the page decides when: after a blur or a submit). */
  problems: FieldProblems<DetailField>;
  onChange: (field: DetailField, value: string) => void;
  onBlur: (field: DetailField) => void;
  /** data-testid of each field is `<prefix>-<field>`. */
  testIdPrefix: string;
  /** The student's saved grade, kept selectable if it is no longer offered. */
  currentGrade?: GradeOption | null;
  emailHint?: string;
  /** Sign-up puts the password right after the e-mail. */
  afterEmail?: ReactNode;
}

/** The student's details, shared by sign-up and profile editing. */
export function AccountFields({
  values,
  problems,
  onChange,
  onBlur,
  testIdPrefix,
  currentGrade = null,
  emailHint,
  afterEmail,
}: AccountFieldsProps) {
  const t = useT();
  const genderOptions = GENDERS.map((value) => ({ value, label: t(`account.gender.${value}`) }));
  const grades = useQuery({
    queryKey: accountKeys.gradeOptions,
    queryFn: ({ signal }) => fetchGradeOptions(signal),
  });
  const text = (field: DetailField) => ({
    name: field,
    value: values[field],
    error: problems[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    onBlur: () => onBlur(field),
    'data-testid': `${testIdPrefix}-${field}`,
  });

  // Names and schools may be typed in Latin or Urdu letters: each field reads in its own direction.
  return (
    <div className="form-grid">
      {NAME_FIELDS.map(({ field, autoComplete }) => (
        <TextField
          key={field}
          label={t(`account.field.${field}`)}
          autoComplete={autoComplete}
          maxLength={120}
          {...text(field)}
          dir="auto"
        />
      ))}
      <EmailField
        label={t('common.field.email')}
        dir="ltr"
        autoComplete="email"
        maxLength={254}
        hint={emailHint}
        {...text('email')}
      />
      {afterEmail}
      <TextField
        label={t('account.field.phone')}
        type="tel"
        dir="ltr"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="03001234567"
        hint={t('account.field.phoneHint')}
        maxLength={20}
        {...text('phone')}
        onBlur={() => {
          const normalized = normalizePakistaniMobile(values.phone);
          if (normalized !== null && normalized !== values.phone) {
            onChange('phone', normalized);
          }
          onBlur('phone');
        }}
      />
      <RadioGroupField
        legend={t('account.field.gender')}
        name="gender"
        options={genderOptions}
        value={GENDERS.find((gender) => gender === values.gender) ?? ''}
        onChange={(value) => onChange('gender', value)}
        onBlur={() => onBlur('gender')}
        error={problems.gender}
        testId={`${testIdPrefix}-gender`}
      />
      <Combobox
        label={t('account.field.city')}
        name="city"
        texts={cityComboboxTexts(t)}
        placeholder={t('account.field.cityPlaceholder')}
        options={PAKISTAN_CITIES}
        value={values.city}
        onChange={(value) => onChange('city', value)}
        onBlur={() => onBlur('city')}
        error={problems.city}
        data-testid={`${testIdPrefix}-city`}
      />
      <TextField
        label={t('account.field.schoolName')}
        autoComplete="off"
        maxLength={160}
        {...text('schoolName')}
        dir="auto"
      />
      <div className="stack stack--tight">
        <SelectField
          label={t('account.field.grade')}
          name="gradeId"
          value={values.gradeId}
          disabled={!grades.isSuccess}
          onChange={(event) => onChange('gradeId', event.target.value)}
          onBlur={() => onBlur('gradeId')}
          error={problems.gradeId}
          data-testid={`${testIdPrefix}-gradeId`}
        >
          <option value="">
            {grades.isPending ? t('account.field.gradesLoading') : t('account.field.chooseGrade')}
          </option>
          <RecordOptions
            items={gradeChoices(grades.data ?? [], currentGrade)}
            label={(grade) => grade.title}
          />
        </SelectField>
        {grades.isError ? (
          <p className="field__error" role="alert">
            {t('account.field.gradesFailed')}{' '}
            <Button variant="ghost" small onClick={() => void grades.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </p>
        ) : null}
      </div>
      <SelectField
        label={t('account.field.referral')}
        name="referralSource"
        value={values.referralSource}
        onChange={(event) => onChange('referralSource', event.target.value)}
        onBlur={() => onBlur('referralSource')}
        error={problems.referralSource}
        data-testid={`${testIdPrefix}-referralSource`}
      >
        <option value="">{t('account.field.chooseOne')}</option>
        {REFERRAL_SOURCES.map((source) => (
          <option key={source} value={source}>
            {referralLabel(t, source)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
