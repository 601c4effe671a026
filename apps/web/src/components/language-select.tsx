import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@qrib/shared/auth-schemas';
import { LANGUAGES, isLanguageCode } from '@qrib/shared/languages';
import { chooseLanguage, chooseLanguageForAccount } from '../lib/i18n.ts';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * The ten languages; choosing one keeps it in the `/en/{code}` cookie (and, when someone is signed in, in their
 * account's preferences) and reloads the page.
 */
export function LanguageSelect({
  className = '',
  compact = false,
  short = false,
}: {
  className?: string;
  /** Hide the visible label (it stays for screen readers). */
  compact?: boolean;
  /** Show language codes (EN, AR, …) for a narrow place such as the collapsed sidebar. */
  short?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  return (
    <div className={className}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'mb-1 block text-xs font-medium text-slate-600'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const code = event.target.value;
          if (!isLanguageCode(code)) return;
          if (queryClient.getQueryData<User | null>(queryKeys.auth.me())) void chooseLanguageForAccount(code);
          else chooseLanguage(code);
        }}
        className={`min-h-11 w-full rounded-lg border border-slate-300 bg-white py-1.5 text-sm text-slate-800 ${short ? 'px-1 text-center' : 'px-2'}`}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code} title={language.label}>
            {short ? language.code.toUpperCase() : language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
