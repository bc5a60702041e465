import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useCan } from '../../../shared/admin-list';

/** A student's name, linked to their admin page for staff who may read students. */
export function StudentLink({ student }: { student: { _id: string; fullName: string } }) {
  const can = useCan('student');
  return can?.('read') === true ? (
    <Link to={adminPagePath('studentView', { id: student._id })}>{student.fullName}</Link>
  ) : (
    <span>{student.fullName}</span>
  );
}
