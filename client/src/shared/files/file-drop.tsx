import { type DragEvent, useId, useState } from 'react';
import './file-drop.css';

const SPREADSHEETS = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface FileDropProps {
  /** A file was chosen before: the title offers another. */
  hasFile: boolean;
  busy: boolean;
  /** The line under the title (limits, "or drop it here"). */
  hint: string;
  /** Also takes a file dropped on it. */
  droppable?: boolean;
  onFile: (file: File | undefined) => void;
  testId: string;
}

/** Chooses a CSV or XLSX file for an upload: a large target that is the file input's label. */
export function FileDrop({ hasFile, busy, hint, droppable = false, onFile, testId }: FileDropProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) {
      onFile(event.dataTransfer.files[0]);
    }
  };
  const dragHandlers = droppable
    ? {
        onDragOver: (event: DragEvent<HTMLElement>) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop,
      }
    : {};
  return (
    <label
      htmlFor={inputId}
      className={`file-drop${dragging ? ' file-drop--over' : ''}${busy ? ' file-drop--busy' : ''}`}
      {...dragHandlers}
    >
      <span className="file-drop__title">
        {hasFile ? 'Choose another file' : 'Choose a CSV or XLSX file'}
      </span>
      <span className="muted">{hint}</span>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={SPREADSHEETS}
        disabled={busy}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={testId}
      />
    </label>
  );
}
