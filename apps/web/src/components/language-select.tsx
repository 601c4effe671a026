import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode } from '@qrib/shared';
import { chooseLanguage } from '../lib/i18n.ts';

/** The nine languages; choosing one keeps it in the `/en/{code}` cookie and reloads the page. */
export function LanguageSelect({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
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
          if (isLanguageCode(code)) chooseLanguage(code);
        }}
        className="w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
