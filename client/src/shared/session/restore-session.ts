import type { StaffLoginResponse } from '@riyazi/api/contracts';
import { useEffect, useState } from 'react';
import { publicHttp, REFRESH_PATHS } from '../http/clients';
import { sessionActions } from './session-store';
import type { Audience, StudentSessionFields } from './session-types';

/**
 * A signed-in browser whose stored session is missing (a reload before the encrypted write
 * finished, storage cleared, its key lost) still holds the httpOnly refresh cookie: one refresh and
 * one profile read restore the session. Resolves true when restored, false when there was none.
 */
export async function restoreSession(audience: Audience): Promise<boolean> {
  try {
    const { accessToken } = await publicHttp.get<{ accessToken: string }>(REFRESH_PATHS[audience]);
    if (audience === 'admin') {
      const profile = await publicHttp.get<Omit<StaffLoginResponse, 'accessToken'>>('/user/me', {
        token: accessToken,
      });
      sessionActions.setAdminAuth({ ...profile, accessToken });
    } else {
      const session = await publicHttp.get<StudentSessionFields>('/student/me', { token: accessToken });
      sessionActions.setStudentAuth({ ...session, token: { accessToken, refreshToken: null } });
    }
    return true;
  } catch {
    return false;
  }
}

/** For route guards: true while a missing session is being restored (show a loading state). */
export function useSessionRestore(audience: Audience, needed: boolean): boolean {
  const [state, setState] = useState<'idle' | 'pending' | 'done'>('idle');
  useEffect(() => {
    if (needed && state === 'idle') {
      setState('pending');
      void restoreSession(audience).finally(() => setState('done'));
    }
  }, [audience, needed, state]);
  return needed && state !== 'done';
}
