/** The heart on an offer card: filled when saved; the saved state comes from the server, so it survives reloads. */
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFavorites, useToggleFavorite } from '../lib/favorites.ts';

export function FavoriteButton({ offerId, title, className = '' }: { offerId: number; title: string; className?: string }) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const isSaved = toggle.isPending ? toggle.variables.save : (favorites.data ?? []).some((favorite) => favorite.offerId === offerId);
  return (
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
  );
}
