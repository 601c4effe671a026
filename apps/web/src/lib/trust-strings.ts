/**
 * The English strings of reviews, ratings, reports and their public pages (packages/shared/src/i18n/en-trust.ts),
 * added when this module is first imported: every component that shows them imports it, so they come with those
 * screens' code and a shopper's first load goes without them. Other languages' catalogs are loaded whole.
 */
import { enTrust } from '@qrib/shared/i18n/en-trust';
import { addEnglishStrings } from './i18n.ts';

addEnglishStrings(enTrust);
