/**
 * One icon and one colour per seeded category (by categoryId, the ids the catalogs name them by), the same
 * hues as the demo offers' pictures drawn at seed time (apps/api/src/db/demo-illustrations.ts). A category
 * the app does not know gets the brand's grid icon.
 */
import { HeartPulse, LayoutGrid, PartyPopper, ShoppingBag, ShoppingBasket, UtensilsCrossed, Wrench, type LucideIcon } from 'lucide-react';

export interface CategoryLook {
  Icon: LucideIcon;
  /** The tile behind the icon: a light background and a deep icon colour (mirrored in dark mode). */
  tileClass: string;
}

const LOOKS: Record<number, CategoryLook> = {
  1: { Icon: UtensilsCrossed, tileClass: 'bg-amber-100 text-amber-800' },
  2: { Icon: ShoppingBag, tileClass: 'bg-violet-100 text-violet-800' },
  3: { Icon: Wrench, tileClass: 'bg-sky-100 text-sky-800' },
  4: { Icon: PartyPopper, tileClass: 'bg-rose-100 text-rose-800' },
  5: { Icon: ShoppingBasket, tileClass: 'bg-emerald-100 text-emerald-800' },
  6: { Icon: HeartPulse, tileClass: 'bg-teal-100 text-teal-800' },
};

const OTHER: CategoryLook = { Icon: LayoutGrid, tileClass: 'bg-brand-100 text-brand-800' };

export function categoryLook(categoryId: number): CategoryLook {
  return LOOKS[categoryId] ?? OTHER;
}

/** The category's icon on its coloured tile; decorative (the category's name is always written beside it). */
export function CategoryIcon({ categoryId, size = 'md' }: { categoryId: number; size?: 'md' | 'lg' }) {
  const { Icon, tileClass } = categoryLook(categoryId);
  return (
    <span aria-hidden="true" data-testid="category-icon" className={`inline-flex shrink-0 items-center justify-center rounded-lg ${tileClass} ${size === 'lg' ? 'size-10' : 'size-8'}`}>
      <Icon className={size === 'lg' ? 'size-6' : 'size-5'} />
    </span>
  );
}
