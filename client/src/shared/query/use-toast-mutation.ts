import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

/**
 * An admin change that re-reads every query under `invalidate`, then toasts its success: the
 * toast never announces a change the screen does not show yet (a switch still on after
 * "deactivated" on a slow network).
 * silent: the form or dialog that made the call shows the error, not the error toast.
 */
export function useToastMutation<TInput, TOutput>({
  mutationKey,
  mutationFn,
  success,
  invalidate,
  silent,
}: {
  mutationKey: readonly unknown[];
  mutationFn: (input: TInput) => Promise<TOutput>;
  success: (output: TOutput) => string;
  invalidate: readonly unknown[];
  silent: boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    meta: { silent },
    onSuccess: async (output) => {
      await queryClient.invalidateQueries({ queryKey: invalidate });
      toast.success(success(output));
    },
  });
}
