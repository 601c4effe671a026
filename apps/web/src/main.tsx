import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AccountLanguage } from './app/account-language.tsx';
import { AccountTheme } from './app/account-theme.tsx';
import { AppProviders } from './app/providers.tsx';
import { PwaNotices } from './app/pwa/pwa-notices.tsx';
import { registerServiceWorker } from './app/pwa/register-service-worker.ts';
import { AppRoutes } from './app/router.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import './index.css';
import { initI18n, loadCatalog, readLanguageCookie } from './lib/i18n.ts';
import { firstScreenDrawn } from './lib/after-page-load.ts';
import { holdEarlyCards } from './lib/early-cards.ts';
import { createQueryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The reader's catalog first, then the first render: no English flash for anyone else. A catalog that cannot be
// fetched (offline, a deploy in between) leaves the app in English rather than blank.
const language = readLanguageCookie();
// Who is signed in is asked at once, beside the catalog: every first screen waits for both.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQueryOptions());
void loadCatalog(language)
  .catch(() => undefined)
  .then(() => {
    const i18n = initI18n(language);
    holdEarlyCards(root, firstScreenDrawn, i18n.t('messages.loadingEllipsis'));
    const reactRoot = createRoot(root);
    // A transition: React renders the first screen in slices of a few milliseconds, so a slow phone's main thread
    // stays free for the taps and the network answers that arrive meanwhile.
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <AppProviders queryClient={queryClient} i18n={i18n}>
            <AccountTheme />
            <AccountLanguage />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <PwaNotices />
          </AppProviders>
        </StrictMode>,
      ),
    );
    // The service worker (ADR 014) only in builds: the dev server serves modules, not a precache. Registered once
    // the page has loaded, so its precache downloads never compete with what the first screen needs.
    if (import.meta.env.PROD) {
      if (document.readyState === 'complete') void registerServiceWorker();
      else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
    }
  });
