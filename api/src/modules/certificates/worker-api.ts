// What the workers process needs of certificates (package export "@riyazi/api/certificates").
export { renderCertificatePdf } from './certificate-pdf.js';
export { drawCertificate, runCertificates } from './certificates.run.js';
