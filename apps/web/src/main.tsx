import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AccountLanguage } from './app/account-language.tsx';
import { AccountTheme } from './app/account-theme.tsx';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import './index.css';
import { initI18n, readLanguageCookie } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const i18n = initI18n(readLanguageCookie());
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()} i18n={i18n}>
      <AccountTheme />
      <AccountLanguage />
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
