/**
 * The shop's logo (round) and cover photo (a wide band) with their previews, and for each a way to add or change it
 * (JPG, PNG or WebP up to 10 MB, checked here with the API's own messages before anything is sent) and to remove it.
 * The API's refusal shows under the photo it concerns, in the reader's language.
 */
import { ImageOff } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_OFFER_IMAGE_BYTES } from '@qrib/shared/constants';
import { MESSAGES } from '@qrib/shared/messages';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { translateError, translateMessage } from '../../../lib/i18n.ts';
import { useRemoveBusinessImage, useSetBusinessImage, type BusinessImageKind } from '../api/update-business.ts';

export const SHOP_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The API's rule for a shop photo, as its message, or undefined when the file may be sent. */
export function checkShopPhoto(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(SHOP_PHOTO_TYPES as readonly string[]).includes(file.type)) return MESSAGES.shopPhotoWrongType;
  if (file.size > MAX_OFFER_IMAGE_BYTES) return MESSAGES.imageTooLarge;
  return undefined;
}

const WORDS = {
  logo: { name: 'shopProfile.logo', none: 'shopProfile.noLogo', add: 'shopProfile.addLogo', change: 'shopProfile.changeLogo', remove: 'shopProfile.removeLogo', saved: 'shopProfile.logoSaved', removed: 'shopProfile.logoRemoved' },
  cover: { name: 'shopProfile.cover', none: 'shopProfile.noCover', add: 'shopProfile.addCover', change: 'shopProfile.changeCover', remove: 'shopProfile.removeCover', saved: 'shopProfile.coverSaved', removed: 'shopProfile.coverRemoved' },
} as const;

const pickerClass =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700';

function ShopPhoto({ kind, url }: { kind: BusinessImageKind; url: string | null }) {
  const { t } = useTranslation();
  const words = WORDS[kind];
  const inputId = useId();
  const upload = useSetBusinessImage();
  const remove = useRemoveBusinessImage();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const busy = upload.isPending || remove.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const [photo] = Array.from(input.files ?? []);
    input.value = '';
    if (!photo) return;
    const problem = checkShopPhoto(photo);
    if (problem) {
      setResult({ tone: 'error', text: translateMessage(t, problem) });
      return;
    }
    setResult(null);
    try {
      await upload.mutateAsync({ kind, photo });
      setResult({ tone: 'success', text: t(words.saved) });
    } catch (error) {
      setResult({ tone: 'error', text: translateError(t, error) });
    }
  };

  const removePhoto = async () => {
    setResult(null);
    try {
      await remove.mutateAsync(kind);
      setResult({ tone: 'success', text: t(words.removed) });
    } catch (error) {
      setResult({ tone: 'error', text: translateError(t, error) });
    }
  };

  const preview =
    kind === 'logo' ? (
      url ? (
        <img src={url} alt={t(words.name)} className="size-24 shrink-0 rounded-full border border-slate-200 object-cover" />
      ) : (
        <span className="flex size-24 shrink-0 items-center justify-center rounded-full border border-dashed border-slate-300 bg-slate-50 px-2 text-center text-xs text-slate-600">
          {t(words.none)}
        </span>
      )
    ) : url ? (
      <img src={url} alt={t(words.name)} className="aspect-[8/3] w-full rounded-xl border border-slate-200 object-cover" />
    ) : (
      <span className="flex aspect-[8/3] w-full items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 text-sm text-slate-600">
        <ImageOff aria-hidden="true" className="size-5" />
        {t(words.none)}
      </span>
    );

  return (
    <div className="space-y-3" data-testid={`shop-${kind}`}>
      <h3 className="font-semibold text-slate-900">{t(words.name)}</h3>
      {preview}
      <div className="flex flex-wrap items-center gap-3">
        <span>
          <input
            id={inputId}
            type="file"
            accept={SHOP_PHOTO_TYPES.join(',')}
            className="peer sr-only"
            disabled={busy}
            onChange={(event) => void choose(event)}
          />
          <label htmlFor={inputId} className={pickerClass}>
            {upload.isPending ? t('shopProfile.uploading') : url ? t(words.change) : t(words.add)}
          </label>
        </span>
        {url ? (
          <Button variant="secondary" disabled={busy} onClick={() => void removePhoto()}>
            {remove.isPending ? t('shopProfile.removing') : t(words.remove)}
          </Button>
        ) : null}
      </div>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
    </div>
  );
}

export function ShopPhotos({ business }: { business: Pick<Vendor, 'logoUrl' | 'coverUrl'> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="shop-photos" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="shop-photos" className="text-lg font-semibold text-slate-900">
          {t('shopProfile.photosTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('shopProfile.photosHint')}</p>
      </div>
      <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
        <ShopPhoto kind="logo" url={business.logoUrl} />
        <ShopPhoto kind="cover" url={business.coverUrl} />
      </div>
    </section>
  );
}
