import './shared/ui/tokens.css';
import './shared/i18n/i18n.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootSession } from './app/boot';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { registerSessionExpiry } from './app/session-expiry';
import { initLanguage } from './shared/i18n';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('Missing #root element in index.html');
}

// The remembered (or the browser's) language first, so nothing renders half-translated; the
// router's first loaders (a student page's texts) wait for it.
const languageReady = initLanguage();
const queryClient = createAppQueryClient();
const router = createAppRouter();
registerSessionExpiry(router, queryClient);
registerServiceWorker();

void languageReady.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  void bootSession(window.location.pathname, router, queryClient);
});
