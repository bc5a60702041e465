import { Button } from '../ui/button';
import { Alert } from '../ui/surface';
import { useDownload } from './use-download';

export type TemplateFormat = 'csv' | 'xlsx';
const FORMATS: readonly TemplateFormat[] = ['xlsx', 'csv'];

interface TemplateButtonsProps {
  download: (format: TemplateFormat) => Promise<void>;
  /** Class of the row of buttons. */
  actionsClassName: string;
  /** Test ids are `${testIdPrefix}-xlsx` and `${testIdPrefix}-csv`. */
  testIdPrefix: string;
}

/** The XLSX and CSV template downloads of an upload page. */
export function TemplateButtons({ download, actionsClassName, testIdPrefix }: TemplateButtonsProps) {
  const { pending, error, run } = useDownload<TemplateFormat>();
  return (
    <div className="stack">
      <div className={actionsClassName}>
        {FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            small
            disabled={pending !== null}
            onClick={() => void run(format, () => download(format))}
            data-testid={`${testIdPrefix}-${format}`}
          >
            {pending === format ? 'Preparing…' : `Template (${format.toUpperCase()})`}
          </Button>
        ))}
      </div>
      {error !== null ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
