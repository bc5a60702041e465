import type { FormEvent } from 'react';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import type { StaffUser } from '../api/staff-api';
import { useSendResetLink } from '../api/use-staff';

interface ResetLinkDialogProps {
  staff: StaffUser;
  isSelf: boolean;
  onClose: () => void;
}

/** Confirms sending a staff member a link to set their own password. */
export function ResetLinkDialog({ staff, isSelf, onClose }: ResetLinkDialogProps) {
  const send = useSendResetLink();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(staff._id, { onSuccess: onClose });
  };
  return (
    <Dialog title="Send a reset link" onClose={onClose} data-testid="reset-link-dialog">
      <form className="stack" onSubmit={onSubmit} aria-busy={send.isPending}>
        <p>
          {isSelf ? (
            'We will e-mail you'
          ) : (
            <>
              We will e-mail <strong>{staff.username}</strong>
            </>
          )}{' '}
          a link to <strong>{staff.email}</strong> to choose a new password. It works once, for 30 minutes;
          the current password keeps working until then.
        </p>
        <DialogFormActions
          onCancel={onClose}
          pending={send.isPending}
          label="Send link"
          pendingLabel="Sending…"
          testId="reset-link-send"
        />
      </form>
    </Dialog>
  );
}
