import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import {
  createStaff,
  deleteRole,
  deleteStaff,
  fetchRoles,
  fetchStaffPage,
  type StaffFilters,
  saveRole,
  sendResetLink,
  staffKeys,
  updateStaff,
} from './staff-api';

export function useStaffPage(filters: StaffFilters) {
  return useQuery({
    queryKey: staffKeys.list(filters),
    queryFn: ({ signal }) => fetchStaffPage(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRoles() {
  return useQuery({ queryKey: staffKeys.roles, queryFn: ({ signal }) => fetchRoles(signal) });
}

/**
 * Every back-office query is re-read after a change: lists, user counts, and the signed-in user's
 * own permissions, which a role edit may just have changed.
 */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY_ROOT] });
}

function useStaffMutation<TInput, TOutput>(
  mutationKey: readonly unknown[],
  mutationFn: (input: TInput) => Promise<TOutput>,
  successMessage: string,
) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: async () => {
      toast.success(successMessage);
      await refresh();
    },
  });
}

export const useCreateStaff = () =>
  useStaffMutation(staffKeys.createStaff, createStaff, 'Staff member added');
export const useUpdateStaff = () =>
  useStaffMutation(staffKeys.updateStaff, updateStaff, 'Staff member updated');
export const useDeleteStaff = () =>
  useStaffMutation(staffKeys.deleteStaff, deleteStaff, 'Staff member deleted');
export const useSaveRole = () => useStaffMutation(staffKeys.saveRole, saveRole, 'Role saved');
export const useDeleteRole = () => useStaffMutation(staffKeys.deleteRole, deleteRole, 'Role deleted');

/** A reset link changes nothing on the screen: the server's confirmation is the toast. */
export const useSendResetLink = () =>
  useMutation({
    mutationKey: staffKeys.sendResetLink,
    mutationFn: sendResetLink,
    onSuccess: (message) => {
      toast.success(message);
    },
  });
