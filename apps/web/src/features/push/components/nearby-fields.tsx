/**
 * 'Offers nearby' in the push settings (issue 29 §1): the place (where the device is now, asked once, or a Maltese
 * town), the distance and the categories. The place is kept as chosen, never followed: a position is stored with the
 * moment it was taken as its label (shown 'Where I was on …'), a town with its name.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MALTA_LOCALITIES } from '@qrib/shared/malta-localities';
import { MESSAGES } from '@qrib/shared/messages';
import { PUSH_RADIUS_KM, type PushSettings } from '@qrib/shared/push-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { categoryName, useCategories } from '../../../lib/categories.ts';
import { formatMaltaDay } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';

type PushPlace = NonNullable<PushSettings['nearbyPlace']>;
type NearbySettings = Pick<PushSettings, 'nearbyPlace' | 'nearbyRadiusKm' | 'nearbyCategoryIds'>;
type NearbyErrors = Partial<Record<keyof NearbySettings, string>>;

/** A position's label: the instant it was taken (an ISO text), so the profile can say when, in any language. */
const TAKEN_AT = /^\d{4}-\d{2}-\d{2}T/;

function placeText(t: TFunction, language: string, place: PushPlace | null): string {
  if (!place) return t('pushSettings.nearbyNoPlace');
  return TAKEN_AT.test(place.label) ? t('pushSettings.nearbyHere', { date: formatMaltaDay(place.label, language) }) : place.label;
}

/** The town a place is, when it is one of the list (its name and point). */
function townOf(place: PushPlace | null): string {
  const town = MALTA_LOCALITIES.find((locality) => locality.name === place?.label && locality.latitude === place.lat && locality.longitude === place.lng);
  return town?.name ?? '';
}

const RADII = Array.from({ length: PUSH_RADIUS_KM.max - PUSH_RADIUS_KM.min + 1 }, (_, index) => PUSH_RADIUS_KM.min + index);

/** Where the device is now, once; rejects with the geolocation message that says why not. */
function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(MESSAGES.customerGeoUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? MESSAGES.customerGeoDenied : MESSAGES.customerGeoFailed)),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

function CategoryChoices({ chosen, onChange, error }: { chosen: number[]; onChange: (ids: number[]) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const errorId = useId();
  let body;
  if (categories.isPending) body = <LoadingState compact message={t('messages.loadingCategories')} />;
  else if (categories.isError) body = <ErrorState compact message={t('messages.categoriesLoadFailed')} />;
  else {
    body = (
      <div className="grid gap-x-4 sm:grid-cols-2">
        {categories.data.map((category) => (
          <CheckboxField
            key={category.categoryId}
            label={categoryName(t, category)}
            checked={chosen.includes(category.categoryId)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, category.categoryId] : chosen.filter((id) => id !== category.categoryId))
            }
          />
        ))}
      </div>
    );
  }
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{t('pushSettings.nearbyCategories')}</legend>
      {chosen.length === 0 ? <p className="text-xs text-slate-600">{t('pushSettings.nearbyAllCategories')}</p> : null}
      {body}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function NearbyFields({ value, onChange, errors }: { value: NearbySettings; onChange: (change: Partial<NearbySettings>) => void; errors: NearbyErrors }) {
  const { t, i18n } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);

  const takeCurrentPlace = () => {
    setGeoError(null);
    setLocating(true);
    currentPosition()
      .then((point) => onChange({ nearbyPlace: { ...point, label: new Date().toISOString() } }))
      .catch((error: unknown) => setGeoError(error instanceof Error ? error.message : MESSAGES.customerGeoFailed))
      .finally(() => setLocating(false));
  };

  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4" data-testid="push-nearby">
      <legend className="px-1 font-semibold text-slate-900">{t('pushSettings.nearbyTitle')}</legend>
      <p className="text-sm text-slate-600">{t('pushSettings.nearbyHint')}</p>
      <div className="space-y-3">
        <p className="text-sm text-slate-800">
          <span className="font-medium text-slate-700">{t('pushSettings.nearbyPlace')}: </span>
          <span data-testid="push-place">{placeText(t, i18n.language, value.nearbyPlace)}</span>
        </p>
        {errors.nearbyPlace ? <p className="text-sm text-red-700">{errors.nearbyPlace}</p> : null}
        <Button variant="secondary" className="w-full sm:w-auto" disabled={locating} aria-busy={locating} onClick={takeCurrentPlace}>
          {t('pushSettings.nearbyUseHere')}
        </Button>
        {geoError ? <Alert>{translateMessage(t, geoError)}</Alert> : null}
        <SelectField
          label={t('pushSettings.nearbyTown')}
          placeholder={t('pushSettings.nearbyTownNone')}
          options={MALTA_LOCALITIES.map((town) => ({ value: town.name, label: town.name }))}
          value={townOf(value.nearbyPlace)}
          onChange={(event) => {
            const town = MALTA_LOCALITIES.find((locality) => locality.name === event.target.value);
            if (town) onChange({ nearbyPlace: { lat: town.latitude, lng: town.longitude, label: town.name } });
          }}
        />
      </div>
      <SelectField
        label={t('pushSettings.nearbyRadius')}
        options={RADII.map((km) => ({ value: String(km), label: t('pushSettings.nearbyRadiusValue', { count: km }) }))}
        value={String(value.nearbyRadiusKm)}
        onChange={(event) => onChange({ nearbyRadiusKm: Number(event.target.value) })}
        error={errors.nearbyRadiusKm}
      />
      <CategoryChoices chosen={value.nearbyCategoryIds} onChange={(ids) => onChange({ nearbyCategoryIds: ids })} error={errors.nearbyCategoryIds} />
    </fieldset>
  );
}
