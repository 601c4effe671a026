/**
 * The English catalog, whole: the source every other language translates (each has exactly these keys, which the
 * type checker enforces). Its strings live in en-core.ts (what every screen may need) and en-owner.ts (the shop
 * owner's screens), so the web app's first load carries only the first.
 */
import { enAccount } from './en-account.ts';
import { enCore } from './en-core.ts';
import { enMail } from './en-mail.ts';
import { enNotifications } from './en-notifications.ts';
import { enOwner } from './en-owner.ts';
import { enPush } from './en-push.ts';
import { enShare } from './en-share.ts';
import { enStamps } from './en-stamps.ts';
import { enTrust } from './en-trust.ts';

export const en = { ...enCore, ...enOwner, ...enTrust, ...enAccount, ...enMail, ...enShare, ...enNotifications, ...enStamps, ...enPush };

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** Every catalog has exactly the English catalog's keys; the type checker enforces it. */
export type Catalog = Widen<typeof en>;
