import { studentHttp } from '../../../shared/http/clients';
import { sessionActions } from '../../../shared/session/session-store';

/** Ends the server session (refresh cookie) and always clears the local one. */
export async function logoutStudent(): Promise<void> {
  try {
    await studentHttp.post<unknown>('/student/logout');
  } catch (error) {
    console.warn('Student logout call failed; clearing the local session anyway', error);
  } finally {
    sessionActions.clearStudentAuth();
  }
}
