import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

/**
 * An admin change that toasts its success and re-reads every query under `invalidate`.
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
      toast.success(success(output));
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
}
