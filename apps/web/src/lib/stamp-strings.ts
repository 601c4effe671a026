/**
 * The English strings of stamp cards (packages/shared/src/i18n/en-stamps.ts), added when this module is first
 * imported: every component that shows them imports it, so a shopper's first load goes without them. Other languages'
 * catalogs are loaded whole.
 */
import { enStamps } from '@qrib/shared/i18n/en-stamps';
import { addEnglishStrings } from './i18n.ts';

addEnglishStrings(enStamps);
