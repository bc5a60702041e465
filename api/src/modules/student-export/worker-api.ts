// What the workers process needs of the student export (package export "@riyazi/api/student-export").
export { studentFiltersSchema } from '#modules/students';
export { exportKeyOf } from './student-export.files.js';
export * as exportJobs from './student-export.repository.js';
export { writeStudentCsv } from './student-export.writer.js';
