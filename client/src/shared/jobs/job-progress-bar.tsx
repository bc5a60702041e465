import './job-progress-bar.css';

interface JobProgressBarProps {
  progress: number;
  label: string;
  /** CSS block: the bar is `${block}__bar`, the figure `${block}__percent` (default: the shared look). */
  block?: string;
  testId: string;
}

/** A job's progress as a bar and a percentage. */
export function JobProgressBar({ progress, label, block = 'job-progress', testId }: JobProgressBarProps) {
  return (
    <div className={block} data-testid={testId}>
      <div
        className={`${block}__bar`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <span className={`${block}__percent`}>{progress}%</span>
    </div>
  );
}
