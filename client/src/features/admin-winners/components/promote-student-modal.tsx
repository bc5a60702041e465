import type { PhaseWinner } from '@riyazi/api/contracts';
import { toast } from 'react-hot-toast';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { PasswordConfirmDialog } from '../../../shared/ui/password-confirm-dialog';
import { usePromoteStudent } from '../api/use-winners';

export { canPromote } from './can-promote';

export const PROMOTED_MESSAGE = 'Student promoted as winner';
const TITLE = 'Promote Student';

export interface PromoteStudentModalProps {
  open: boolean;
  onClose: () => void;
  student: { _id: string; fullName: string; gradeId: string; gradeTitle: string };
  phase: { _id: string; name: string };
  /** A finished contest play of the phase in their grade: without one the modal only explains. */
  played: boolean;
  onPromoted?: (winner: PhaseWinner) => void;
}

/**
 * Spec §2/§5/§7: the Promote row action's modal, titled 'Promote Student', with one password field;
 * it posts the promote form as multipart form data. It names the phase and grade, and refuses a
 * student who never finished a contest play of the phase (as the server does). Unmounted while
 * closed, so each opening starts empty.
 */
export function PromoteStudentModal({ open, ...props }: PromoteStudentModalProps) {
  if (!open) {
    return null;
  }
  return props.played ? <PromoteForm {...props} /> : <NotPlayed {...props} />;
}

type OpenProps = Omit<PromoteStudentModalProps, 'open'>;

function NotPlayed({ onClose, student, phase }: OpenProps) {
  return (
    <Dialog title={TITLE} onClose={onClose} data-testid="promote-student-modal">
      <div className="stack">
        <p>
          <strong>{student.fullName}</strong> has no finished contest play in {phase.name} (
          {student.gradeTitle}), so cannot be one of its winners.
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function PromoteForm({ onClose, student, phase, onPromoted }: OpenProps) {
  const promote = usePromoteStudent();
  return (
    <PasswordConfirmDialog
      title={TITLE}
      confirmLabel="Promote"
      pendingLabel="Promoting…"
      pending={promote.isPending}
      error={promote.error}
      onClose={onClose}
      onConfirm={(password) =>
        promote.mutate(
          { password, phaseId: phase._id, winnerId: student._id, gradeId: student.gradeId },
          {
            onSuccess: (winner) => {
              toast.success(PROMOTED_MESSAGE);
              onPromoted?.(winner);
              onClose();
            },
          },
        )
      }
      data-testid="promote-student-modal"
    >
      <p>
        Make <strong>{student.fullName}</strong> a winner of <strong>{phase.name}</strong> in{' '}
        <strong>{student.gradeTitle}</strong>.
      </p>
    </PasswordConfirmDialog>
  );
}
