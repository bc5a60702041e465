import { useState } from 'react';
import { Switch } from '../../../shared/ui/field';
import type { BulkUploadPreview } from '../api/bulk-upload-api';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';

const COLUMNS = [
  ['fullName', 'Name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['gender', 'Gender'],
  ['grade', 'Grade'],
  ['city', 'City'],
  ['schoolName', 'School'],
  ['batchId', 'Batch Id'],
] as const;

const LABELS: Record<string, string> = {
  fatherName: 'Father name',
  referralSource: 'Referral source',
  ...Object.fromEntries(COLUMNS),
};

/** The checked rows, problems beside the row; the first 500 and every invalid one. */
export function PreviewTable({ preview }: { preview: BulkUploadPreview }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = onlyErrors ? preview.rows.filter((r) => r.status === 'invalid') : preview.rows;
  return (
    <div className="stack">
      <div className="bu-actions bu-actions--between">
        <p className="muted">
          {preview.rows.length < preview.total
            ? `Showing ${preview.rows.length.toLocaleString('en-US')} of ${preview.total.toLocaleString('en-US')} rows: the first 500 and every row with errors.`
            : 'Every row of the file.'}
        </p>
        {preview.invalid > 0 ? (
          <Switch label="Only rows with errors" checked={onlyErrors} onCheckedChange={setOnlyErrors} />
        ) : null}
      </div>
      <div className="bu-scroll">
        <table className="data-table data-table--top stacked-table bu-preview" data-testid="bulk-preview">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Status</th>
              {COLUMNS.map(([key, label]) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.row}
                className={row.status === 'invalid' ? 'bu-row--bad' : undefined}
                data-testid="bulk-preview-row"
                data-status={row.status}
              >
                <th scope="row" className="bu-preview__row">
                  {row.row}
                </th>
                <td data-label="Status" className="bu-preview__status">
                  {row.status === 'valid' ? (
                    <span className="bu-badge bu-badge--succeeded">Ready</span>
                  ) : null}
                  {row.status === 'alreadyRegistered' ? (
                    <span className="bu-badge bu-badge--queued">Already registered</span>
                  ) : null}
                  {row.status === 'invalid' ? (
                    <div className="bu-errors">
                      <span className="bu-badge bu-badge--failed">Error</span>
                      <ul data-testid="bulk-row-errors">
                        {Object.entries(row.errors).map(([column, problem]) => (
                          <li key={column}>
                            <strong>{LABELS[column] ?? column}</strong>: {problem}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </td>
                {COLUMNS.map(([key, label]) => (
                  <td key={key} data-label={label} className={row.errors[key] ? 'bu-cell--bad' : undefined}>
                    {row.fields[key] || <span className="muted">—</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
