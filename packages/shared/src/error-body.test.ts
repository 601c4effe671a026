import { describe, expect, it } from 'vitest';
import { isApiErrorBody } from './error-body.ts';
import { apiErrorSchema } from './error-schema.ts';

const valid = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Offer title is required',
  code: 'requiredField',
  params: { label: 'Offer title' },
};

const samples: Record<string, unknown> = {
  minimal: valid,
  'with field errors': {
    ...valid,
    fieldErrors: { offerTitle: 'Offer title is required' },
    fieldErrorCodes: { offerTitle: { code: 'requiredField', params: { label: 'Offer title' } } },
    errorMessage: 'Please check the form',
  },
  'numeric params': { ...valid, params: { max: 10 } },
  null: null,
  array: [valid],
  text: 'Internal Server Error',
  'status code as text': { ...valid, statusCode: '400' },
  'fractional status code': { ...valid, statusCode: 400.5 },
  'unknown code': { ...valid, code: 'noSuchMessage' },
  'inherited code': { ...valid, code: 'toString' },
  'missing params': { ...valid, params: undefined },
  'object param': { ...valid, params: { field: { name: 'x' } } },
  'missing message': { ...valid, message: undefined },
  'field error not text': { ...valid, fieldErrors: { offerTitle: 1 } },
  'field error code unknown': { ...valid, fieldErrorCodes: { offerTitle: { code: 'nope', params: {} } } },
  'field error code without params': { ...valid, fieldErrorCodes: { offerTitle: { code: 'requiredField' } } },
  'errorMessage not text': { ...valid, errorMessage: 3 },
};

describe('isApiErrorBody', () => {
  it.each(Object.entries(samples))('agrees with apiErrorSchema: %s', (_name, sample) => {
    expect(isApiErrorBody(sample)).toBe(apiErrorSchema.safeParse(sample).success);
  });

  it('accepts a real error answer and refuses what is not one', () => {
    expect(isApiErrorBody(samples['with field errors'])).toBe(true);
    expect(isApiErrorBody(samples['unknown code'])).toBe(false);
  });
});
