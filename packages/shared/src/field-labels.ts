/**
 * The English labels of form fields that messages name ('{{label}} is required'). The web catalogs translate
 * them under `fields`, and a server message naming a label is shown with the translated label.
 */
export const FIELD_LABELS = {
  businessName: 'Business Name',
  businessType: 'Business Type',
  businessAddress: 'Business Address',
  primaryContactName: 'Primary Contact Name',
  contactEmail: 'Contact Email',
  contactPhone: 'Contact Phone',
  documents: 'Documents',
  offeringsDescription: 'Offerings Description',
  website: 'Website',
  title: 'Offer Title',
  description: 'Description',
  termsAndConditions: 'Terms & Conditions',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  reason: 'Reason',
  reviewText: 'Review',
  replyText: 'Reply',
  rewardText: 'Reward',
  reportText: 'Report details',
  startDate: 'Start Date',
  endDate: 'End Date',
  date: 'Date',
  from: 'Report start date',
  to: 'Report end date',
} as const;
