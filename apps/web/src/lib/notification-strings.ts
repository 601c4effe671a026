/**
 * The English strings of the notifications panel (packages/shared/src/i18n/en-notifications.ts), added when this
 * module is first imported: the panel and what describes a notification import it, so they come with the panel's
 * code (opened from the bell) and a shopper's first load goes without them. Other languages' catalogs are loaded whole.
 */
import { enNotifications } from '@qrib/shared/i18n/en-notifications';
import { addEnglishStrings } from './i18n.ts';

addEnglishStrings(enNotifications);
