import type { PhaseWinner } from '@riyazi/api/contracts';
import { toast } from 'react-hot-toast';
import { usePromoteStudent } from '../api/use-winners';
import { PasswordConfirmDialog } from './password-confirm-dialog';

export { canPromote } from './can-promote';

export const PROMOTED_MESSAGE = 'Student promoted as winner';

export interface PromoteStudentModalProps {
  open: boolean;
  onClose: () => void;
  student: { _id: string; fullName: string; gradeId: string };
  phaseId: string;
  onPromoted?: (winner: PhaseWinner) => void;
}

/**
 * Spec §2/§5/§7: the Promote row action's modal, titled 'Promote Student', with one password field;
 * it posts the promote form as multipart form data. Unmounted while closed, so each opening starts empty.
 */
export function PromoteStudentModal({ open, ...props }: PromoteStudentModalProps) {
  return open ? <PromoteForm {...props} /> : null;
}

function PromoteForm({ onClose, student, phaseId, onPromoted }: Omit<PromoteStudentModalProps, 'open'>) {
  const promote = usePromoteStudent();
  return (
    <PasswordConfirmDialog
      title="Promote Student"
      confirmLabel="Promote"
      pendingLabel="Promoting…"
      pending={promote.isPending}
      error={promote.error}
      onClose={onClose}
      onConfirm={(password) =>
        promote.mutate(
          { password, phaseId, winnerId: student._id, gradeId: student.gradeId },
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
        Make <strong>{student.fullName}</strong> a winner of this phase in their grade.
      </p>
    </PasswordConfirmDialog>
  );
}
