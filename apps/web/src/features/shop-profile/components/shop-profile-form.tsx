/**
 * The shop's details as shoppers see them (issue 28), filled from GET /vendors/me: name, type, address and
 * position ('Use My Location', as the registration sets it), contact phone and e-mail, what it offers, its website,
 * its opening hours (issue 28 §2, opening-hours-editor.tsx).
 * The registration's rules (vendorUpdateSchema) are checked here; Save sends only the fields changed, the position
 * as its pair. The API's refusals show under their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OFFERINGS_MAX_LENGTH } from '@qrib/shared/constants';
import { coordinatesText } from '@qrib/shared/geo';
import { MESSAGES } from '@qrib/shared/messages';
import { BUSINESS_TYPES, vendorUpdateSchema, type Vendor, type VendorUpdate } from '@qrib/shared/vendor-schemas';
import { LazyShopMap } from '../../../components/map/lazy-shop-map.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { reverseGeocode } from '../../../lib/reverse-geocode.ts';
import { useUpdateBusiness } from '../api/update-business.ts';
import { OpeningHoursEditor } from './opening-hours-editor.tsx';

export interface ShopProfileValues {
  businessName: string;
  businessType: string;
  businessAddress: string;
  locationLatitude: string;
  locationLongitude: string;
  contactPhone: string;
  contactEmail: string;
  offeringsDescription: string;
  website: string;
  openingHours: string;
}

const FIELDS = [
  'businessName',
  'businessType',
  'businessAddress',
  'locationLatitude',
  'locationLongitude',
  'contactPhone',
  'contactEmail',
  'offeringsDescription',
  'website',
  'openingHours',
] as const satisfies readonly (keyof ShopProfileValues & keyof VendorUpdate)[];

export function profileValuesOf(vendor: Vendor): ShopProfileValues {
  return {
    businessName: vendor.businessName,
    businessType: vendor.businessType,
    businessAddress: vendor.businessAddress,
    locationLatitude: String(vendor.locationLatitude),
    locationLongitude: String(vendor.locationLongitude),
    contactPhone: vendor.contactPhone,
    contactEmail: vendor.contactEmail,
    offeringsDescription: vendor.offeringsDescription ?? '',
    website: vendor.website ?? '',
    openingHours: vendor.openingHours ?? '',
  };
}

/** The checked values of the fields the owner changed; the position goes as a pair when either half changed. */
export function changedFields(update: VendorUpdate, dirty: Partial<Record<keyof ShopProfileValues, boolean | undefined>>): Partial<VendorUpdate> {
  const changes: Record<string, unknown> = {};
  const moved = dirty.locationLatitude === true || dirty.locationLongitude === true;
  for (const field of FIELDS) {
    const isPosition = field === 'locationLatitude' || field === 'locationLongitude';
    if (isPosition ? moved : dirty[field] === true) changes[field] = update[field];
  }
  return changes as Partial<VendorUpdate>;
}

/** Where the device is; rejects with one of the geolocation messages (MESSAGES.geo…). */
export type Locate = () => Promise<{ latitude: number; longitude: number }>;

export function ShopProfileForm({ business, locate }: { business: Vendor; locate: Locate }) {
  const { t } = useTranslation();
  const save = useUpdateBusiness();
  const [result, setResult] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  // A row of the hours editor that cannot be written yet (no day ticked, a time half typed): Save waits for it.
  const [hoursRowProblem, setHoursRowProblem] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    control,
    formState: { errors, dirtyFields, isSubmitting, isSubmitted },
  } = useForm<ShopProfileValues, unknown, VendorUpdate>({
    // The schema also reads the API's JSON (numbers, null), so its input type is wider than the form's strings.
    resolver: zodResolver(vendorUpdateSchema) as unknown as Resolver<ShopProfileValues, unknown, VendorUpdate>,
    defaultValues: profileValuesOf(business),
  });
  const [latitude, longitude, offerings] = useWatch({ control, name: ['locationLatitude', 'locationLongitude', 'offeringsDescription'] });
  const message = (text: string | undefined) => (text ? translateMessage(t, text) : undefined);

  const locateBusiness = async () => {
    setLocationError(null);
    setIsLocating(true);
    try {
      const position = await locate();
      const options = { shouldValidate: isSubmitted, shouldDirty: true };
      setValue('locationLatitude', String(position.latitude), options);
      setValue('locationLongitude', String(position.longitude), options);
      const address = await reverseGeocode(position.latitude, position.longitude).catch(() =>
        coordinatesText(position.latitude, position.longitude),
      );
      setValue('businessAddress', address, options);
    } catch (error) {
      setLocationError(error instanceof Error ? error.message : MESSAGES.geoUnknown);
    } finally {
      setIsLocating(false);
    }
  };

  const onSubmit = handleSubmit(async (update) => {
    setResult(null);
    if (hoursRowProblem) {
      setResult({ tone: 'error', text: t('shopProfile.saveFailed') });
      return;
    }
    const changes = changedFields(update, dirtyFields);
    if (Object.keys(changes).length === 0) {
      setResult({ tone: 'info', text: t('shopProfile.nothingChanged') });
      return;
    }
    try {
      const saved = await save.mutateAsync(changes);
      reset(profileValuesOf(saved));
      setResult({ tone: 'success', text: t('shopProfile.saved') });
    } catch (error) {
      const text = applyRequestError(t, error, setError, FIELDS, t('shopProfile.saveFailed'));
      // A refusal named under its field needs no second copy at the top.
      const underFields = error instanceof ApiError && Object.keys(error.fieldErrorCodes).some((field) => (FIELDS as readonly string[]).includes(field));
      setResult({ tone: 'error', text: underFields ? t('shopProfile.saveFailed') : text });
    }
  });

  const pinAt = { latitude: Number(latitude), longitude: Number(longitude) };
  const hasPin = latitude !== '' && longitude !== '' && Number.isFinite(pinAt.latitude) && Number.isFinite(pinAt.longitude);
  const movePin = (to: { latitude: number; longitude: number }) => {
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('locationLatitude', String(to.latitude), options);
    setValue('locationLongitude', String(to.longitude), options);
  };
  const coordinatesError = message(errors.locationLatitude?.message ?? errors.locationLongitude?.message);

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-6" data-testid="shop-profile-form">
      <FormSection title={t('shopProfile.detailsTitle')}>
        <FormTextField label={t('fields.businessName')} autoComplete="organization" error={errors.businessName} {...register('businessName')} />
        <SelectField
          label={t('fields.businessType')}
          options={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`vendor.businessTypes.${type}`) }))}
          error={message(errors.businessType?.message)}
          {...register('businessType')}
        />
        <FormTextField label={t('fields.contactPhone')} type="tel" autoComplete="tel" dir="ltr" error={errors.contactPhone} {...register('contactPhone')} />
        <FormTextField label={t('fields.contactEmail')} type="email" autoComplete="email" dir="ltr" error={errors.contactEmail} {...register('contactEmail')} />
        <FormTextField label={t('fields.website')} type="url" autoComplete="url" dir="ltr" placeholder="https://" error={errors.website} {...register('website')} />
        <TextareaField
          label={t('fields.offeringsDescription')}
          hint={`${t('vendor.offeringsHint')} · ${t('vendor.charactersLeft', { count: OFFERINGS_MAX_LENGTH - offerings.length })}`}
          maxLength={OFFERINGS_MAX_LENGTH}
          rows={4}
          error={message(errors.offeringsDescription?.message)}
          {...register('offeringsDescription')}
        />
      </FormSection>

      <FormSection title={t('hoursEditor.title')}>
        <OpeningHoursEditor
          key={business.openingHours ?? ''}
          initialText={business.openingHours ?? ''}
          field={register('openingHours')}
          onTextChange={(text) => setValue('openingHours', text, { shouldDirty: true, shouldValidate: isSubmitted })}
          onRowProblem={setHoursRowProblem}
          error={errors.openingHours}
        />
      </FormSection>

      <FormSection title={t('shopProfile.positionTitle')}>
        <p className="text-sm text-slate-700">{t('shopProfile.positionHint')}</p>
        <FormTextField label={t('fields.businessAddress')} autoComplete="street-address" error={errors.businessAddress} {...register('businessAddress')} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={() => void locateBusiness()} disabled={isLocating}>
            <LocateFixed aria-hidden="true" className="size-4" />
            {isLocating ? t('vendor.locating') : t('vendor.useMyLocation')}
          </Button>
          <p className="text-sm text-slate-700" data-testid="coordinates" aria-live="polite">
            {latitude !== '' && longitude !== '' ? t('vendor.coordinates', { latitude, longitude }) : t('vendor.noCoordinates')}
          </p>
        </div>
        {hasPin ? (
          <div className="space-y-2">
            <p className="text-sm text-slate-700">{t('shopProfile.pinHint')}</p>
            <LazyShopMap
              shops={[]}
              pin={{ ...pinAt, onMove: (lat, lng) => movePin({ latitude: lat, longitude: lng }) }}
              className="h-56 w-full overflow-hidden rounded-xl border border-slate-200 sm:h-64"
            />
          </div>
        ) : null}
        {locationError ? <Alert>{translateMessage(t, locationError)}</Alert> : null}
        {coordinatesError ? (
          <p role="alert" className="text-sm text-red-700">
            {coordinatesError}
          </p>
        ) : null}
      </FormSection>

      {/* Just above Save, where the owner is looking. */}
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('shopProfile.saving') : t('shopProfile.save')}
      </Button>
    </form>
  );
}
