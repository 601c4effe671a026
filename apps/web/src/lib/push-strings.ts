/**
 * The English strings of web push (packages/shared/src/i18n/en-push.ts: the profile's push settings and the offer to
 * turn push on), added when this module is first imported: the components that show them import it, so a shopper's
 * first load goes without them. The `push` namespace is the API's (what the pushes say) and stays out. Other
 * languages' catalogs are loaded whole.
 */
import { enPush } from '@qrib/shared/i18n/en-push';
import { addEnglishStrings } from './i18n.ts';

addEnglishStrings({ pushSettings: enPush.pushSettings, pushOffer: enPush.pushOffer });
