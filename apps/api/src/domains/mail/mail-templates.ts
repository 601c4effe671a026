/**
 * What every mail says (issue 15): a subject, a plain-text body and an HTML body per MAIL_KINDS kind, in the
 * recipient's language (the `mail` strings of packages/shared's catalogs), every value escaped in the HTML. Links are
 * built from PUBLIC_URL (never a request's Host); the mails a person can turn off carry the unsubscribe link.
 */
import {
  formatMessage,
  RESET_LINK_MINUTES,
  STAFF_INVITATION_DAYS,
  textDirection,
  VERIFY_LINK_HOURS,
  type LanguageCode,
  type MailKind,
} from '@qrib/shared';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { mailLink } from './mail-links.ts';

export type MailStrings = (typeof catalogs)['en']['mail'];
type MailKey = keyof MailStrings;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  language: LanguageCode;
  publicOrigin: string;
  /** The link's raw token (reset, verification). */
  secret: string | null;
  /** The footer's unsubscribe page, for the kinds a person can turn off. */
  unsubscribeUrl?: string;
}

/** Web paths mails lead to (apps/web/src/config/paths.ts). */
const WEB_PATHS = {
  receipts: '/receipt-upload',
  offer: (offerId: string) => `/viewoffer/${encodeURIComponent(offerId)}`,
  insights: '/business-insights',
  resubmit: '/ven-reg/resubmit',
  login: '/login',
} as const;

type Payload = Record<string, string | number | boolean | null>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function text(payload: Payload, key: string): string {
  const value = payload[key];
  return value === null || value === undefined ? '' : String(value);
}

/** One mail's parts before they become text and HTML. */
interface MailParts {
  subject: string;
  paragraphs: string[];
  /** Figures shown as a small table (the weekly report). */
  figures?: { label: string; value: string }[];
  action?: { label: string; url: string };
}

function compose(parts: MailParts, strings: MailStrings, context: MailContext): RenderedMail {
  const textLines = [strings.greeting, '', ...parts.paragraphs.flatMap((paragraph) => [paragraph, ''])];
  if (parts.figures) {
    for (const figure of parts.figures) textLines.push(`${figure.label}: ${figure.value}`);
    textLines.push('');
  }
  if (parts.action) textLines.push(`${parts.action.label}: ${parts.action.url}`, '');
  textLines.push('—', strings.signature);
  if (context.unsubscribeUrl) textLines.push('', `${strings.unsubscribeText} ${strings.unsubscribeAction}: ${context.unsubscribeUrl}`);

  const direction = textDirection(context.language);
  const html = [
    '<!doctype html>',
    `<html lang="${context.language}" dir="${direction}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px">${escapeHtml(parts.subject)}</h1>`,
    `<p style="margin:0 0 12px">${escapeHtml(strings.greeting)}</p>`,
    ...parts.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`),
    ...(parts.figures
      ? [
          '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
          ...parts.figures.map(
            (figure) =>
              // The gap goes between label and figure on either side (mail clients ignore logical padding).
              `<tr><td style="${direction === 'rtl' ? 'padding:4px 0 4px 16px' : 'padding:4px 16px 4px 0'}">${escapeHtml(figure.label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(figure.value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(parts.action
      ? [
          `<p style="margin:20px 0"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#047857;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>`,
          `<p style="margin:0 0 12px;font-size:14px">${escapeHtml(strings.linkFallback)}<br><a href="${escapeHtml(parts.action.url)}" style="color:#047857;word-break:break-all">${escapeHtml(parts.action.url)}</a></p>`,
        ]
      : []),
    `<p style="margin:24px 0 0;font-size:14px">${escapeHtml(strings.signature)}</p>`,
    ...(context.unsubscribeUrl
      ? [
          `<p style="margin:16px 0 0;font-size:13px">${escapeHtml(strings.unsubscribeText)} <a href="${escapeHtml(context.unsubscribeUrl)}" style="color:#047857">${escapeHtml(strings.unsubscribeAction)}</a></p>`,
        ]
      : []),
    '</div></body></html>',
  ].join('\n');
  return { subject: parts.subject, text: textLines.join('\n'), html };
}

function webLink(publicOrigin: string, pathWithQuery: string): string {
  return new URL(pathWithQuery, publicOrigin).toString();
}

/** A calendar date ('YYYY-MM-DD') in the language, e.g. '17 November 2026'. */
function formatDate(isoDate: string, language: LanguageCode): string {
  const instant = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(instant.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(instant);
}

/** An instant in Malta's time, in the language. */
function formatInstant(iso: string, language: LanguageCode): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Malta' }).format(instant);
}

function formatNumber(value: string | number | boolean | null | undefined, language: LanguageCode): string {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return new Intl.NumberFormat(language).format(Number.isFinite(number) ? number : 0);
}

/** Euros in the language, as the dashboard shows them; no purchase reads as zero. */
function formatEuro(value: string | number | boolean | null | undefined, language: LanguageCode): string {
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);
}

function parts(kind: MailKind, payload: Payload, strings: MailStrings, context: MailContext): MailParts {
  const dashboard = catalogs[context.language].vendorInsights;
  const say = (key: MailKey, params: Record<string, string | number> = {}) => formatMessage(strings[key], params);
  const business = text(payload, 'businessName');
  const reason = text(payload, 'reason');
  const { publicOrigin, language } = context;
  switch (kind) {
    case 'PASSWORD_RESET':
      return {
        subject: say('passwordResetSubject'),
        paragraphs: [say('passwordResetBody', { username: text(payload, 'username'), minutes: RESET_LINK_MINUTES }), say('passwordResetIgnore')],
        action: { label: say('passwordResetAction'), url: mailLink(publicOrigin, 'resetPassword', context.secret ?? '') },
      };
    case 'EMAIL_VERIFICATION':
      return {
        subject: say('emailVerificationSubject'),
        paragraphs: [say('emailVerificationBody', { email: text(payload, 'email'), hours: VERIFY_LINK_HOURS }), say('emailVerificationIgnore')],
        action: { label: say('emailVerificationAction'), url: mailLink(publicOrigin, 'verifyEmail', context.secret ?? '') },
      };
    case 'PASSWORD_CHANGED':
      return {
        subject: say('passwordChangedSubject'),
        paragraphs: [say('passwordChangedBody', { username: text(payload, 'username') }), say('notYou')],
        action: { label: say('signInAction'), url: webLink(publicOrigin, WEB_PATHS.login) },
      };
    case 'EMAIL_CHANGED':
      return {
        subject: say('emailChangedSubject'),
        paragraphs: [say('emailChangedBody', { newEmail: text(payload, 'newEmail') }), say('notYou')],
        action: { label: say('signInAction'), url: webLink(publicOrigin, WEB_PATHS.login) },
      };
    case 'EXPORT_READY':
      return {
        subject: say('exportReadySubject'),
        paragraphs: [say('exportReadyBody', { expiresAt: formatInstant(text(payload, 'expiresAt'), language) })],
        action: {
          label: say('exportReadyAction'),
          url: webLink(publicOrigin, `/api/v1/me/exports/${encodeURIComponent(text(payload, 'exportId'))}`),
        },
      };
    case 'BUSINESS_STATUS': {
      const status = text(payload, 'status');
      if (status === 'ACTIVE') {
        return {
          subject: say('businessApprovedSubject', { business }),
          paragraphs: [say('businessApprovedBody', { business })],
          action: { label: say('businessAction'), url: webLink(publicOrigin, WEB_PATHS.insights) },
        };
      }
      if (status === 'REJECTED') {
        return {
          subject: say('businessRejectedSubject', { business }),
          paragraphs: [say('businessRejectedBody', { business }), say('reason', { reason }), say('businessRejectedNext')],
          action: { label: say('businessResubmitAction'), url: webLink(publicOrigin, WEB_PATHS.resubmit) },
        };
      }
      return {
        subject: say('businessSuspendedSubject', { business }),
        paragraphs: [say('businessSuspendedBody', { business }), say('reason', { reason })],
        action: { label: say('businessAction'), url: webLink(publicOrigin, WEB_PATHS.insights) },
      };
    }
    case 'RECEIPT_DECIDED': {
      const isVerified = text(payload, 'status') === 'VERIFIED';
      return {
        subject: say(isVerified ? 'receiptVerifiedSubject' : 'receiptRejectedSubject', { business }),
        paragraphs: isVerified
          ? [say('receiptVerifiedBody', { business })]
          : [say('receiptRejectedBody', { business }), ...(reason ? [say('reason', { reason })] : [])],
        action: { label: say('receiptAction'), url: webLink(publicOrigin, WEB_PATHS.receipts) },
      };
    }
    case 'NEW_OFFER': {
      const title = text(payload, 'title');
      const schedule = typeof payload.schedule === 'string' ? payload.schedule : '';
      return {
        subject: say('newOfferSubject', { business, title }),
        paragraphs: [say('newOfferBody', { business, title }), ...(schedule ? [say('newOfferHappyHour', { schedule })] : [])],
        action: { label: say('newOfferAction'), url: webLink(publicOrigin, WEB_PATHS.offer(text(payload, 'offerId'))) },
      };
    }
    case 'STAFF_INVITATION': {
      // Issue 28 §4: the one-time link to join a business's staff, for the account of this address.
      const role = say(text(payload, 'role') === 'MANAGER' ? 'staffRoleManager' : 'staffRoleCashier');
      return {
        subject: say('staffInvitationSubject', { business }),
        paragraphs: [
          say('staffInvitationBody', { inviter: text(payload, 'inviterName'), business, role, days: STAFF_INVITATION_DAYS }),
          say('staffInvitationIgnore'),
        ],
        action: { label: say('staffInvitationAction', { business }), url: mailLink(publicOrigin, 'staffInvitation', context.secret ?? '') },
      };
    }
    case 'WEEKLY_REPORT':
      return {
        subject: say('weeklyReportSubject', { business }),
        paragraphs: [
          say('weeklyReportBody', {
            business,
            weekStart: formatDate(text(payload, 'weekStart'), language),
            weekEnd: formatDate(text(payload, 'weekEnd'), language),
          }),
        ],
        // The owner dashboard's four cards, under their names there.
        figures: [
          { label: dashboard.usersNearby, value: formatNumber(payload.usersNearby, language) },
          { label: dashboard.offersViewed, value: formatNumber(payload.offersViewed, language) },
          { label: dashboard.conversions, value: formatNumber(payload.conversions, language) },
          { label: dashboard.avgOrderValue, value: formatEuro(payload.avgOrderValue, language) },
        ],
        action: { label: say('weeklyReportAction'), url: webLink(publicOrigin, WEB_PATHS.insights) },
      };
  }
}

/** A mail of one kind in the recipient's language. */
export function renderMail(kind: MailKind, payload: Payload, context: MailContext): RenderedMail {
  const strings = catalogs[context.language].mail;
  return compose(parts(kind, payload, strings, context), strings, context);
}

/** The footer's unsubscribe page ({PUBLIC_URL}/unsubscribe?token=…) and the List-Unsubscribe one-click endpoint. */
export function unsubscribeLinks(publicOrigin: string, token: string): { page: string; oneClick: string } {
  const oneClick = new URL('/api/v1/auth/unsubscribe', publicOrigin);
  oneClick.searchParams.set('token', token);
  return { page: mailLink(publicOrigin, 'unsubscribe', token), oneClick: oneClick.toString() };
}

