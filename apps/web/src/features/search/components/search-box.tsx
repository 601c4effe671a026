/** The search field: what is typed goes to onTextChange; Enter searches at once. */
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_TEXT_MAX_LENGTH } from '@qrib/shared/nearby-constants';

export function SearchBox({ text, onTextChange, onSubmit }: { text: string; onTextChange: (text: string) => void; onSubmit: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('search.searchLabel')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder={t('search.placeholder')}
          className="block w-full rounded-xl border border-slate-300 bg-white py-3 ps-10 pe-3 text-base text-slate-900 shadow-sm"
        />
      </div>
    </form>
  );
}
