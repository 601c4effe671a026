/**
 * Vendor Registration (spec §2.4, §5, §8): four sections, 'Use My Location' for the coordinates and the
 * address, documents with previews, the shared rules on submit, a progress bar while sending, and the spec's
 * success and four failure messages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OFFERINGS_MAX_LENGTH } from '@qrib/shared/constants';
import { coordinatesText } from '@qrib/shared/geo';
import { MESSAGES } from '@qrib/shared/messages';
import { BUSINESS_TYPES, checkDocumentFiles, vendorRegistrationSchema, type VendorRegistration } from '@qrib/shared/vendor-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { translateCode, translateMessage } from '../../../lib/i18n.ts';
import { reverseGeocode } from '../../../lib/reverse-geocode.ts';
import { useRegisterVendor } from '../api/register-vendor.ts';
import { useResubmitBusiness } from '../api/resubmit-business.ts';
import { getCurrentPosition } from './current-position.ts';
import { registrationFailureMessage } from './registration-failure.ts';

export interface VendorFormValues {
  businessName: string;
  businessType: string;
  businessAddress: string;
  locationLatitude: string;
  locationLongitude: string;
  primaryContactName: string;
  contactEmail: string;
  contactPhone: string;
  offeringsDescription: string;
}

const EMPTY: VendorFormValues = {
  businessName: '',
  businessType: '',
  businessAddress: '',
  locationLatitude: '',
  locationLongitude: '',
  primaryContactName: '',
  contactEmail: '',
  contactPhone: '',
  offeringsDescription: '',
};

const FIELDS = Object.keys(EMPTY) as (keyof VendorFormValues)[];

export interface VendorRegistrationFormProps {
  onRegistered: () => void;
  /**
   * A refused business corrected and sent again (issue 14): the fields start from its current details, documents
   * are optional (the ones sent before stay), and the form posts to /vendors/me/resubmission.
   */
  resubmission?: { initialValues: VendorFormValues };
}

export function VendorRegistrationForm({ onRegistered, resubmission }: VendorRegistrationFormProps) {
  const { t } = useTranslation();
  const registerNew = useRegisterVendor();
  const resubmit = useResubmitBusiness();
  const registerVendor = resubmission ? resubmit : registerNew;
  const checkDocuments = (files: readonly File[]) => (resubmission && files.length === 0 ? undefined : checkDocumentFiles(files));
  const [documents, setDocuments] = useState<File[]>([]);
  const [documentsError, setDocumentsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<VendorFormValues, unknown, VendorRegistration>({
    // The schema reads multipart-style text, so its input type is wider than the form's strings.
    resolver: zodResolver(vendorRegistrationSchema) as unknown as Resolver<VendorFormValues, unknown, VendorRegistration>,
    defaultValues: resubmission?.initialValues ?? EMPTY,
  });
  const [latitude, longitude, offerings] = useWatch({ control, name: ['locationLatitude', 'locationLongitude', 'offeringsDescription'] });
  const message = (text: string | undefined) => (text ? translateMessage(t, text) : undefined);

  const changeDocuments = (next: File[]) => {
    setDocuments(next);
    if (isSubmitted) setDocumentsError(checkDocuments(next));
  };

  const locateBusiness = async () => {
    setLocationError(null);
    setIsLocating(true);
    try {
      const position = await getCurrentPosition();
      const options = { shouldValidate: isSubmitted, shouldDirty: true };
      setValue('locationLatitude', String(position.latitude), options);
      setValue('locationLongitude', String(position.longitude), options);
      // Spec §7: when the look-up fails the address is filled with the coordinates as text.
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

  const submit = handleSubmit(
    async (registration) => {
      const documentsProblem = checkDocuments(documents);
      setDocumentsError(documentsProblem);
      if (documentsProblem) return;
      setFormError(null);
      const form = new FormData();
      for (const [name, value] of Object.entries(registration)) {
        if (value !== null && value !== undefined) form.append(name, String(value));
      }
      for (const file of documents) form.append('documents', file);
      setProgress(0);
      try {
        await registerVendor.mutateAsync({ form, onProgress: setProgress });
        if (!resubmission) reset(EMPTY);
        setDocuments([]);
        onRegistered();
      } catch (error) {
        setFormError(registrationFailureMessage(t, error));
        if (error instanceof ApiError) {
          // Each field's code in the reader's language (shown as it is where the form translates messages).
          for (const [field, code] of Object.entries(error.fieldErrorCodes)) {
            const text = translateCode(t, code);
            const known = FIELDS.find((name) => name === field);
            if (known) setError(known, { message: text });
            if (field === 'documents') setDocumentsError(text);
          }
        }
      } finally {
        setProgress(null);
      }
    },
    () => setDocumentsError(checkDocuments(documents)),
  );

  const hasCoordinates = latitude !== '' && longitude !== '';
  const coordinatesError = message(errors.locationLatitude?.message ?? errors.locationLongitude?.message);

  return (
    <form onSubmit={asyncHandler(submit)} noValidate className="space-y-6">
      {formError ? <Alert focusOnShow>{formError}</Alert> : null}

      <FormSection title={t('vendor.businessInformation')}>
        <TextField label={t('fields.businessName')} autoComplete="organization" error={message(errors.businessName?.message)} {...register('businessName')} />
        <SelectField
          label={t('fields.businessType')}
          placeholder={t('vendor.selectBusinessType')}
          options={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`vendor.businessTypes.${type}`) }))}
          error={message(errors.businessType?.message)}
          {...register('businessType')}
        />
        <TextField label={t('fields.businessAddress')} autoComplete="street-address" error={message(errors.businessAddress?.message)} {...register('businessAddress')} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={() => void locateBusiness()} disabled={isLocating}>
            <LocateFixed aria-hidden="true" className="size-4" />
            {isLocating ? t('vendor.locating') : t('vendor.useMyLocation')}
          </Button>
          <p className="text-sm text-slate-700" data-testid="coordinates" aria-live="polite">
            {hasCoordinates ? t('vendor.coordinates', { latitude, longitude }) : t('vendor.noCoordinates')}
          </p>
        </div>
        {locationError ? <Alert>{translateMessage(t, locationError)}</Alert> : null}
        {coordinatesError ? (
          <p role="alert" className="text-sm text-red-700">
            {coordinatesError}
          </p>
        ) : null}
      </FormSection>

      <FormSection title={t('vendor.contactInformation')}>
        <TextField label={t('fields.primaryContactName')} autoComplete="name" error={message(errors.primaryContactName?.message)} {...register('primaryContactName')} />
        <TextField label={t('fields.contactEmail')} type="email" autoComplete="email" error={message(errors.contactEmail?.message)} {...register('contactEmail')} />
        <TextField label={t('fields.contactPhone')} type="tel" autoComplete="tel" error={message(errors.contactPhone?.message)} {...register('contactPhone')} />
      </FormSection>

      <FormSection title={t('vendor.offeringsSection')}>
        <TextareaField
          label={t('fields.offeringsDescription')}
          hint={`${t('vendor.offeringsHint')} · ${t('vendor.charactersLeft', { count: OFFERINGS_MAX_LENGTH - offerings.length })}`}
          maxLength={OFFERINGS_MAX_LENGTH}
          rows={4}
          error={message(errors.offeringsDescription?.message)}
          {...register('offeringsDescription')}
        />
      </FormSection>

      <FormSection title={t('vendor.documentsSection')}>
        <FilePicker
          label={t('fields.documents')}
          hint={resubmission ? t('businessState.documentsOptional') : t('vendor.documentsHint')}
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          files={documents}
          onAdd={(added) => changeDocuments([...documents, ...added])}
          onRemove={(index) => changeDocuments(documents.filter((_, position) => position !== index))}
          error={message(documentsError)}
        />
      </FormSection>

      {progress !== null ? <ProgressBar percent={progress} /> : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('vendor.submitting') : resubmission ? t('businessState.resubmit') : t('vendor.submit')}
      </Button>
    </form>
  );
}
