/**
 * The English strings of accounts (packages/shared/src/i18n/en-account.ts: the public reset, verification and
 * unsubscribe pages, the profile's account settings), added when this module is first imported: every screen that
 * shows them imports it, so they come with those screens' code and a shopper's first load goes without them.
 * Other languages' catalogs are loaded whole.
 */
import { enAccount } from '@qrib/shared/i18n/en-account';
import { addEnglishStrings } from './i18n.ts';

addEnglishStrings(enAccount);
