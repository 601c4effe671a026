/** Stars drawn for the eyes (hidden from screen readers: the text next to them says the same in words). */
import { Star } from 'lucide-react';
import { REVIEW_STARS_MAX } from '@qrib/shared/trust-constants';

export function Stars({ value, size = 'size-4' }: { value: number; size?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex shrink-0 gap-0.5 text-amber-500">
      {Array.from({ length: REVIEW_STARS_MAX }, (_, index) => (
        <Star key={index} className={`${size} ${index < Math.round(value) ? 'fill-current' : 'text-slate-400'}`} />
      ))}
    </span>
  );
}
