/** A shop's logo, or the first letter of its name on a tinted disc when it has none (or it does not load). */
import { useState } from 'react';

const SIZES = { tiny: 'size-6 text-xs', small: 'size-10 text-lg', large: 'size-16 text-2xl' } as const;

/** `tiny`: beside the shop's name on an offer card. */
export function ShopLogo({ name, logoUrl, size }: { name: string; logoUrl: string | null; size: keyof typeof SIZES }) {
  const [failed, setFailed] = useState(false);
  const sizeClass = SIZES[size];
  if (logoUrl && !failed) return <img src={logoUrl} alt="" onError={() => setFailed(true)} className={`${sizeClass} shrink-0 rounded-full object-cover`} />;
  return (
    <span aria-hidden="true" className={`${sizeClass} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800`}>
      {name.trim().charAt(0).toLocaleUpperCase()}
    </span>
  );
}
