import { useT } from '../../../shared/i18n';
import { Alert } from '../../../shared/ui/surface';
import type { AnswerDelivery } from './use-answer-delivery';

/**
 * Questions that ran out before this one (say, while the tab was closed) are named, kindly, before
 * the child carries on; not again when the answer-status line already says its answer came too late.
 */
export function RanOutNotice({ ranOut, delivery }: { ranOut: number[]; delivery: AnswerDelivery }) {
  const t = useT();
  const first = ranOut[0];
  const last = ranOut[ranOut.length - 1];
  if (first === undefined || last === undefined) {
    return null;
  }
  if (first === last && delivery.status === 'expired' && delivery.statusQno === first) {
    return null;
  }
  return (
    <Alert tone="info" data-testid="ran-out-notice">
      {first === last
        ? t('quiz.ranOut.one', { number: first + 1 })
        : t('quiz.ranOut.many', { first: first + 1, last: last + 1 })}
    </Alert>
  );
}

/** The clock reads 0 with nothing chosen, and the server cannot be asked whether its time is up. */
export function TimeUpOffline() {
  const t = useT();
  return (
    <Alert tone="info" data-testid="time-up-offline">
      {t('quiz.timeUp.offline')}
    </Alert>
  );
}
