import { StudentExportButton } from '../../features/admin-student-export/components/student-export-button';
import {
  type StudentsListExtras,
  StudentsListPage,
} from '../../features/admin-students/components/students-list-page';
import {
  canPromote,
  PromoteStudentModal,
} from '../../features/admin-winners/components/promote-student-modal';

// The students list with the export (admin-student-export) and Promote (admin-winners) features.
const EXTRAS: StudentsListExtras = {
  exportButton: (filters) => <StudentExportButton filters={filters} />,
  canPromote,
  promoteModal: (target, onClose, onPromoted) => (
    <PromoteStudentModal open onClose={onClose} onPromoted={onPromoted} {...target} />
  ),
};

export function StudentsPage() {
  return <StudentsListPage extras={EXTRAS} />;
}
