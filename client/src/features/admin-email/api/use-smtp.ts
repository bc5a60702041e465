import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { POLL_INTERVAL_MS, testMailProgress } from '../components/test-mail-progress';
import { fetchSmtpSettings, fetchTestMailStatus, saveSmtpSettings, sendTestMail, smtpKeys } from './smtp-api';

export function useSmtpSettings() {
  return useQuery({ queryKey: smtpKeys.settings, queryFn: ({ signal }) => fetchSmtpSettings(signal) });
}

export function useSaveSmtpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: smtpKeys.save,
    mutationFn: saveSmtpSettings,
    // Field problems are shown next to the fields; anything else is toasted by the admin adapter.
    onSuccess: (response) => {
      toast.success(response.message);
      queryClient.setQueryData(smtpKeys.settings, response.data);
    },
  });
}

export function useSendTestMail() {
  return useMutation({ mutationKey: smtpKeys.sendTest, mutationFn: sendTestMail });
}

/** Polls a queued test e-mail every 1.5 s until it is sent, has failed, or the time limit is reached. */
export function useTestMailStatus(messageId: string | null, startedAt: number) {
  return useQuery({
    queryKey: smtpKeys.testStatus(messageId ?? ''),
    queryFn: ({ signal }) => fetchTestMailStatus(messageId ?? '', signal),
    enabled: messageId !== null,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const { data, dataUpdatedAt, status } = query.state;
      const done = status === 'error' || testMailProgress(data, dataUpdatedAt - startedAt).done;
      return done ? false : POLL_INTERVAL_MS;
    },
  });
}
