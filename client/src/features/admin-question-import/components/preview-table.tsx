import type { QuestionImportPreview } from '@riyazi/api/contracts';
import { useState } from 'react';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { Switch } from '../../../shared/ui/field';
import { plural, rowProblems, visibleRows } from './import-view';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';

/** Every row with its number in the sheet and its problems; optionally only the bad ones. */
export function PreviewTable({ preview }: { preview: QuestionImportPreview }) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const rows = visibleRows(preview, onlyErrors);
  return (
    <div className="stack">
      <div className="list-toolbar list-toolbar--center">
        <p data-testid="import-counts">
          <strong>{plural(preview.total, 'row', 'rows')}</strong>:{' '}
          <span className="qi-ok">{preview.valid} ready</span>,{' '}
          <span className={preview.invalid > 0 ? 'qi-bad' : undefined}>
            {plural(preview.invalid, 'with errors', 'with errors')}
          </span>
        </p>
        {preview.invalid > 0 ? (
          <Switch
            label="Only rows with errors"
            checked={onlyErrors}
            onCheckedChange={setOnlyErrors}
            data-testid="import-only-errors"
          />
        ) : null}
      </div>
      <table className="data-table data-table--top qi-table stacked-table" data-testid="import-table">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Question</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.rowNumber}
              className={row.ok ? undefined : 'qi-row--bad'}
              data-testid="import-row"
              data-ok={row.ok}
            >
              <th scope="row" className="qi-table__row">
                {row.rowNumber}
              </th>
              <td data-label="Question" className="qi-table__preview">
                {row.previewHtml ? (
                  <RichTextView html={row.previewHtml} />
                ) : (
                  <span>{row.preview || <em className="muted">(no question text)</em>}</span>
                )}
              </td>
              <td data-label="Status" className="qi-table__status">
                {row.ok ? (
                  <span className="qi-badge qi-badge--ok">Ready</span>
                ) : (
                  <div className="qi-errors">
                    <span className="qi-badge qi-badge--bad">Error</span>
                    <ul data-testid="import-row-errors">
                      {rowProblems(row).map((p) => (
                        <li key={p.column}>
                          <strong>{p.label}</strong> ({p.column}): {p.problem}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
