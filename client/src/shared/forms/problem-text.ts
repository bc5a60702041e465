import { NAME_PROBLEMS } from '@riyazi/api/contracts';
import { type Translate, translate } from '../i18n';

/**
 * A field problem in the child's language: the schema's and the server's phrases ('is required',
 * 'must be at most 120 characters') become a sentence about `field`; a whole sentence (a server
 * message, already in the child's language) stays as it is.
 */
export function problemText(field: string, problem: string, t: Translate = translate): string {
  if (!/^[a-z]/.test(problem)) {
    return problem;
  }
  const atMost = /^must be at most (\d+) characters$/.exec(problem);
  if (atMost) {
    return t('common.problem.atMost', { field, max: atMost[1] ?? '' });
  }
  const atLeast = /^must be at least (\d+) characters$/.exec(problem);
  if (atLeast) {
    return t('common.problem.atLeast', { field, min: atLeast[1] ?? '' });
  }
  switch (problem) {
    case 'is required':
      return t('common.problem.required', { field });
    case 'must be a valid e-mail address':
      return t('common.problem.email', { field });
    case 'must not be your e-mail address':
      return t('common.problem.notEmail', { field });
    case 'is too common: choose something harder to guess':
      return t('common.problem.tooCommon', { field });
    case 'must be a Pakistani mobile number like 03001234567':
      return t('common.problem.mobile', { field });
    case 'must be a city from the list':
      return t('common.problem.city', { field });
    case 'must be accepted to continue':
      return t('common.problem.accept', { field });
    case NAME_PROBLEMS.hidden:
      return t('common.problem.hiddenCharacters', { field });
    case NAME_PROBLEMS.noLetter:
      return t('common.problem.noLetter', { field });
    default:
      // A phrase this list does not know yet: said in English rather than lost.
      return t('common.problem.other', { field, problem });
  }
}

/** A name's problem (nameProblem in the contracts) as the back office words it, in English. */
export const adminNameProblem = (problem: string) =>
  problem === 'is required' ? 'Enter the name.' : `The name ${problem}.`;
