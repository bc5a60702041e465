import { useState, useSyncExternalStore } from 'react';
import { paths } from '../config/paths';
import { useT } from '../shared/i18n';
import { Button } from '../shared/ui/button';
import type { AppRouter } from './router';
import { applyUpdate, useUpdateStore } from './service-worker';
import './update-prompt.css';

/** A reload mid-contest would cost the child time on the clock: the prompt waits for them to leave. */
const isQuestionScreen = (pathname: string) =>
  pathname === paths.quiz || pathname.startsWith(`${paths.quiz}/`);

/** "A new version is ready" with Reload, once a newer service worker waits (never on a question). */
export function UpdatePrompt({ router }: { router: AppRouter }) {
  const t = useT();
  const waiting = useUpdateStore((state) => state.waiting);
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  const [dismissed, setDismissed] = useState<ServiceWorker | null>(null);
  const [reloading, setReloading] = useState(false);
  const visible = waiting !== null && waiting !== dismissed && !isQuestionScreen(pathname);

  // Always mounted so the prompt is announced; no role="status", which screens use for their own news.
  return (
    <div aria-live="polite" className="update-prompt-region">
      {visible ? (
        <div className="update-prompt" data-testid="update-prompt">
          <p className="update-prompt__text">{t('app.update.ready')}</p>
          <div className="update-prompt__actions">
            <Button variant="ghost" small onClick={() => setDismissed(waiting)}>
              {t('app.update.later')}
            </Button>
            <Button
              small
              disabled={reloading}
              data-testid="update-reload"
              onClick={() => {
                setReloading(true);
                applyUpdate(waiting);
              }}
            >
              {t('app.update.reload')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
