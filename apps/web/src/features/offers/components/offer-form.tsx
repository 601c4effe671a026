/**
 * The Add Offer form (spec §2.4, §5, §8), also used to edit an offer: the shared rules with errors under
 * the fields (cleared when a field is edited), images JPG/PNG only and at most 6 (others dropped silently),
 * Maximum Redemptions only when Limited, a happy hour when switched on (issue 28 §3), a progress bar while sending,
 * and Cancel that clears everything.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MAX_OFFER_IMAGES } from '@qrib/shared/constants';
import { EARLIEST_DATE, LATEST_DATE } from '@qrib/shared/malta-time';
import { MESSAGES } from '@qrib/shared/messages';
import { keepOfferImages, offerFieldsSchema, type Offer, type OfferFields } from '@qrib/shared/offer-schemas';
import { DISCOUNT_TYPES, REDEMPTION_LIMITS, TARGET_AUDIENCES } from '@qrib/shared/offer-constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useCreateOffer } from '../api/create-offer.ts';
import { categoryName, useCategories } from '../../../lib/categories.ts';
import { useUpdateOffer } from '../api/update-offer.ts';
import { HappyHourEditor } from './happy-hour-editor.tsx';

export interface OfferFormValues {
  title: string;
  description: string;
  categoryId: string;
  discountType: string;
  discountValue: string;
  startDate: string;
  endDate: string;
  termsAndConditions: string;
  targetAudience: string;
  redemptionLimit: string;
  maxRedemptions: string;
  sendNotifications: boolean;
  featuredOffer: boolean;
  /** Issue 27: the price before in euros (optional), and Buy / Get free of a Buy-X-get-Y offer (both or neither). */
  regularPrice: string;
  buyQuantity: string;
  getQuantity: string;
  /** Issue 28 §3: the happy hour in OSM opening_hours syntax; '' when the offer holds all day. */
  schedule: string;
}

/** Spec §9's defaults: percentage, all customers, unlimited, notifications on, not featured. */
export const EMPTY_OFFER: OfferFormValues = {
  title: '',
  description: '',
  categoryId: '',
  discountType: 'PERCENTAGE',
  discountValue: '',
  startDate: '',
  endDate: '',
  termsAndConditions: '',
  targetAudience: 'ALL_CUSTOMERS',
  redemptionLimit: 'UNLIMITED',
  maxRedemptions: '',
  sendNotifications: true,
  featuredOffer: false,
  regularPrice: '',
  buyQuantity: '',
  getQuantity: '',
  schedule: '',
};

const FIELDS = Object.keys(EMPTY_OFFER) as (keyof OfferFormValues)[];

export function offerToFormValues(offer: Offer): OfferFormValues {
  return {
    title: offer.title,
    description: offer.description,
    categoryId: offer.category ? String(offer.category.categoryId) : '',
    discountType: offer.discountType,
    discountValue: String(offer.discountValue),
    startDate: offer.startDate,
    endDate: offer.endDate,
    termsAndConditions: offer.termsAndConditions ?? '',
    targetAudience: offer.targetAudience,
    redemptionLimit: offer.redemptionLimit,
    maxRedemptions: offer.maxRedemptions === null ? '' : String(offer.maxRedemptions),
    sendNotifications: offer.sendNotifications,
    featuredOffer: offer.featuredOffer,
    regularPrice: offer.regularPrice === null ? '' : offer.regularPrice.toFixed(2),
    buyQuantity: offer.buyQuantity === null ? '' : String(offer.buyQuantity),
    getQuantity: offer.getQuantity === null ? '' : String(offer.getQuantity),
    schedule: offer.schedule ?? '',
  };
}

export type OfferFormProps =
  | { mode: 'create'; vendorId: number }
  | { mode: 'edit'; offer: Offer; onSaved: (offer: Offer) => void };

export function OfferForm(props: OfferFormProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const createOffer = useCreateOffer();
  const updateOffer = useUpdateOffer();
  const initialValues = props.mode === 'edit' ? offerToFormValues(props.offer) : EMPTY_OFFER;
  const [images, setImages] = useState<File[]>([]);
  const [alert, setAlert] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [scheduleProblem, setScheduleProblem] = useState(false);
  // Cancel and a created offer start the happy-hour section afresh (its own state follows its first text).
  const [scheduleEditorKey, setScheduleEditorKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<OfferFormValues, unknown, OfferFields>({
    // The schema reads multipart-style text, so its input type is wider than the form's values.
    resolver: zodResolver(offerFieldsSchema as unknown as z.ZodType<OfferFields, OfferFormValues>),
    defaultValues: initialValues,
  });
  const isLimited = useWatch({ control, name: 'redemptionLimit' }) === 'LIMITED';
  const isBuyGet = useWatch({ control, name: 'discountType' }) === 'BUYXGETY';
  const message = (text: string | undefined) => (text ? translateMessage(t, text) : undefined);

  const clear = () => {
    reset(initialValues);
    setImages([]);
    setAlert(null);
    setScheduleProblem(false);
    setScheduleEditorKey((key) => key + 1);
  };

  const submit = handleSubmit(async (fields) => {
    setAlert(null);
    // The happy hour's days or times are wrong (said under them): nothing is sent.
    if (scheduleProblem) return;
    try {
      if (props.mode === 'edit') {
        const { data } = await updateOffer.mutateAsync({ offerId: props.offer.offerId, fields: { ...fields } });
        props.onSaved(data);
        return;
      }
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== null && value !== undefined) form.append(name, String(value));
      }
      // Spec §3: the client sends the status and its business.
      form.append('status', 'ACTIVE');
      form.append('vendorId', String(props.vendorId));
      for (const image of images) form.append('offerImages', image);
      setProgress(0);
      await createOffer.mutateAsync({ form, onProgress: setProgress });
      reset(EMPTY_OFFER);
      setImages([]);
      setScheduleEditorKey((key) => key + 1);
      setAlert({ tone: 'success', text: MESSAGES.offerCreated });
    } catch (error) {
      const fallback = props.mode === 'edit' ? MESSAGES.offerUpdateFailed : MESSAGES.offerCreateFailed;
      setAlert({ tone: 'error', text: applyRequestError(t, error, setError, FIELDS, fallback) });
    } finally {
      setProgress(null);
    }
  });

  const categoryOptions = (categories.data ?? []).map((category) => ({ value: String(category.categoryId), label: categoryName(t, category) }));

  return (
    <form onSubmit={asyncHandler(submit)} noValidate className="space-y-6">
      {alert ? (
        <Alert tone={alert.tone} focusOnShow>
          {translateMessage(t, alert.text)}
        </Alert>
      ) : null}

      <FormSection title={t('offerForm.details')}>
        <TextField label={t('offerForm.offerTitle')} error={message(errors.title?.message)} {...register('title')} />
        <TextareaField label={t('offerForm.description')} error={message(errors.description?.message)} {...register('description')} />
        {/* Controlled: the categories usually arrive after the form, and an uncontrolled select would have lost
            the offer's category by then (editing showed 'Select category'). */}
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <SelectField
              label={t('offerForm.category')}
              placeholder={t('offerForm.selectCategory')}
              options={categoryOptions}
              error={message(errors.categoryId?.message)}
              {...field}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('offerForm.discountType')}
            options={DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`offerForm.discountTypes.${type}`) }))}
            error={message(errors.discountType?.message)}
            {...register('discountType')}
          />
          <TextField
            label={t('offerForm.discountValue')}
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            error={message(errors.discountValue?.message)}
            {...register('discountValue')}
          />
        </div>
        {/* Issue 27: the price before (cards show before → after), and a Buy-X-get-Y offer's quantities. */}
        <TextField
          label={t('pricing.regularPrice')}
          hint={t('pricing.regularPriceHint')}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          error={message(errors.regularPrice?.message)}
          {...register('regularPrice')}
        />
        {isBuyGet ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('pricing.buyQuantity')}
              hint={t('pricing.quantitiesHint')}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={message(errors.buyQuantity?.message)}
              {...register('buyQuantity')}
            />
            <TextField
              label={t('pricing.getQuantity')}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={message(errors.getQuantity?.message)}
              {...register('getQuantity')}
            />
          </div>
        ) : null}
        {props.mode === 'create' ? (
          <FilePicker
            label={t('offerForm.offerImages')}
            hint={t('offerForm.imagesHint')}
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            files={images}
            onAdd={(added) => setImages(keepOfferImages(images, added, MAX_OFFER_IMAGES))}
            onRemove={(index) => setImages(images.filter((_, position) => position !== index))}
          />
        ) : (
          <p className="text-sm text-slate-600">{t('offerForm.photosKept')}</p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('offerForm.startDate')} type="date" min={EARLIEST_DATE} max={LATEST_DATE} error={message(errors.startDate?.message)} {...register('startDate')} />
          <TextField label={t('offerForm.endDate')} type="date" min={EARLIEST_DATE} max={LATEST_DATE} error={message(errors.endDate?.message)} {...register('endDate')} />
        </div>
        <TextareaField label={t('offerForm.terms')} error={message(errors.termsAndConditions?.message)} {...register('termsAndConditions')} />
      </FormSection>

      <FormSection title={t('happyHourForm.title')}>
        <HappyHourEditor
          key={scheduleEditorKey}
          initialText={initialValues.schedule}
          field={register('schedule')}
          onTextChange={(text) => setValue('schedule', text, { shouldDirty: true, shouldValidate: isSubmitted })}
          onRowProblem={setScheduleProblem}
          error={errors.schedule}
        />
      </FormSection>

      <FormSection title={t('offerForm.targeting')}>
        <RadioGroup
          legend={t('offerForm.targetAudience')}
          options={TARGET_AUDIENCES.map((audience) => ({ value: audience, label: t(`offerForm.audiences.${audience}`) }))}
          {...register('targetAudience')}
        />
        <RadioGroup
          legend={t('offerForm.redemptionLimits')}
          options={REDEMPTION_LIMITS.map((limit) => ({ value: limit, label: t(`offerForm.limits.${limit}`) }))}
          {...register('redemptionLimit')}
        />
        {isLimited ? (
          <TextField
            label={t('offerForm.maxRedemptions')}
            type="number"
            min="1"
            step="1"
            error={message(errors.maxRedemptions?.message)}
            {...register('maxRedemptions')}
          />
        ) : null}
      </FormSection>

      <FormSection title={t('offerForm.settings')}>
        <CheckboxField label={t('offerForm.sendNotifications')} {...register('sendNotifications')} />
        <CheckboxField label={t('offerForm.featuredOffer')} {...register('featuredOffer')} />
      </FormSection>

      {progress !== null ? <ProgressBar percent={progress} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={clear}>
          {t('offerForm.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {props.mode === 'edit'
            ? isSubmitting
              ? t('offerForm.saving')
              : t('offerForm.save')
            : isSubmitting
              ? t('offerForm.creating')
              : t('offerForm.create')}
        </Button>
      </div>
    </form>
  );
}
