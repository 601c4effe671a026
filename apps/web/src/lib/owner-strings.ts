/**
 * The English strings of the shop owner's screens (packages/shared/src/i18n/en-owner.ts), added when this module is
 * first imported: every component that shows them imports it, so they come with the owner's code and a shopper's
 * first load goes without them. Other languages' catalogs are loaded whole and have them already.
 */
import { enOwner } from '@qrib/shared/i18n/en-owner';
import { addEnglishStrings } from './i18n.ts';

addEnglishStrings(enOwner);
