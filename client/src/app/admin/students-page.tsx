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
  promoteModal: ({ student, phaseId }, onClose) => (
    <PromoteStudentModal open onClose={onClose} student={student} phaseId={phaseId} />
  ),
};

export function StudentsPage() {
  return <StudentsListPage extras={EXTRAS} />;
}
