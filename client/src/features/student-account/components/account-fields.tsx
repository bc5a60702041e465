import {
  GENDER_LABELS,
  GENDERS,
  normalizePakistaniMobile,
  PAKISTAN_CITIES,
  REFERRAL_SOURCES,
} from '@riyazi/api/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldProblems } from '../../../shared/forms/form-errors';
import { Button } from '../../../shared/ui/button';
import { RadioGroupField } from '../../../shared/ui/choice-fields';
import { Combobox } from '../../../shared/ui/combobox';
import { SelectField, TextField } from '../../../shared/ui/field';
import { accountKeys, fetchGradeOptions, type GradeOption } from '../api/account-api';
import { type DetailField, type DetailValues, gradeChoices } from './account-form';

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

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

  return (
    <div className="form-grid">
      <TextField label="Student’s full name" autoComplete="name" maxLength={120} {...text('fullName')} />
      <TextField label="Father’s name" autoComplete="off" maxLength={120} {...text('fatherName')} />
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        hint={emailHint}
        {...text('email')}
      />
      {afterEmail}
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="03001234567"
        hint="A Pakistani mobile number, for example 03001234567."
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
        legend="Gender"
        name="gender"
        options={GENDER_OPTIONS}
        value={GENDERS.find((gender) => gender === values.gender) ?? ''}
        onChange={(value) => onChange('gender', value)}
        onBlur={() => onBlur('gender')}
        error={problems.gender}
        testId={`${testIdPrefix}-gender`}
      />
      <Combobox
        label="City"
        name="city"
        noun="city"
        placeholder="Start typing, e.g. Lahore"
        options={PAKISTAN_CITIES}
        value={values.city}
        onChange={(value) => onChange('city', value)}
        onBlur={() => onBlur('city')}
        error={problems.city}
        data-testid={`${testIdPrefix}-city`}
      />
      <TextField label="School name" autoComplete="off" maxLength={160} {...text('schoolName')} />
      <div className="stack stack--tight">
        <SelectField
          label="Grade"
          name="gradeId"
          value={values.gradeId}
          disabled={!grades.isSuccess}
          onChange={(event) => onChange('gradeId', event.target.value)}
          onBlur={() => onBlur('gradeId')}
          error={problems.gradeId}
          data-testid={`${testIdPrefix}-gradeId`}
        >
          <option value="">{grades.isPending ? 'Loading grades…' : 'Choose the grade'}</option>
          {gradeChoices(grades.data ?? [], currentGrade).map((grade) => (
            <option key={grade._id} value={grade._id}>
              {grade.title}
            </option>
          ))}
        </SelectField>
        {grades.isError ? (
          <p className="field__error" role="alert">
            The grades could not be loaded.{' '}
            <Button variant="ghost" small onClick={() => void grades.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
      </div>
      <SelectField
        label="How did you hear about us?"
        name="referralSource"
        value={values.referralSource}
        onChange={(event) => onChange('referralSource', event.target.value)}
        onBlur={() => onBlur('referralSource')}
        error={problems.referralSource}
        data-testid={`${testIdPrefix}-referralSource`}
      >
        <option value="">Choose one</option>
        {REFERRAL_SOURCES.map((source) => (
          <option key={source} value={source}>
            {source}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
