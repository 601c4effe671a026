/**
 * The heart on an offer card: filled when saved; the saved state comes from the server, so it survives reloads.
 * It fills (or empties) at once while the request is on its way; a request that fails puts the heart back as the
 * server has it and says so, with Try again, in a notice over the screen (a card has no room for it, and may clip it).
 */
import { Heart, X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFavorites, useToggleFavorite } from '../lib/favorites.ts';
import { translateError } from '../lib/i18n.ts';
import { Button } from './ui/button.tsx';

export function FavoriteButton({ offerId, title, className = '' }: { offerId: number; title: string; className?: string }) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const isSaved = toggle.isPending ? toggle.variables.save : (favorites.data ?? []).some((favorite) => favorite.offerId === offerId);
  const failed = toggle.isError ? toggle.variables : undefined;
  return (
    <>
      <button
        type="button"
        aria-pressed={isSaved}
        aria-label={isSaved ? t('favorites.unsave', { title }) : t('favorites.save', { title })}
        disabled={favorites.isPending || toggle.isPending}
        onClick={() => toggle.mutate({ offerId, save: !isSaved })}
        className={`flex size-11 items-center justify-center rounded-full bg-white/95 shadow hover:bg-white ${className}`}
      >
        <Heart aria-hidden="true" className={`size-5 ${isSaved ? 'fill-red-600 text-red-600' : 'text-slate-700'}`} />
      </button>
      {failed
        ? createPortal(
            <div className="fixed inset-x-0 bottom-[calc(8rem+env(safe-area-inset-bottom))] z-50 flex justify-center px-4 md:bottom-20">
              <div role="alert" className="flex w-full max-w-md items-center gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 shadow-lg" data-testid="favorite-failed">
                <p className="min-w-0 flex-1">
                  {t(failed.save ? 'deadEnds.notSaved' : 'deadEnds.notRemoved', { title, reason: translateError(t, toggle.error) })}
                </p>
                <Button variant="secondary" onClick={() => toggle.mutate(failed)}>
                  {t('deadEnds.tryAgain')}
                </Button>
                <button
                  type="button"
                  aria-label={t('deadEnds.dismiss')}
                  onClick={() => toggle.reset()}
                  className="flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
