/**
 * The share pages' HTML (issue 27): readable without JavaScript, in the reader's language (Arabic right to left),
 * light or dark as the system says, with Open Graph, Twitter and schema.org JSON-LD for messengers and search
 * engines. Every text from the database is escaped where it is written (HTML text, attributes, JSON-LD), and only
 * public fields reach here (repository.ts).
 */
import { formatMessage, maltaDayEnd, textDirection, timeLeft, type LanguageCode } from '@qrib/shared';
import { offerPrice } from '@qrib/shared/offer-price';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { nearestMalteseLocality } from '../../kernel/geocoding.ts';
import { CARD_WIDTH, SHOP_IMAGE_SIZES } from '../../kernel/images.ts';
import { publicUrl } from '../../storage/public-url.ts';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardSvg, cardVersion, type CardText } from './card-image.ts';
import { intlLocale } from './page-language.ts';
import type { SharedOffer, SharedShop } from './repository.ts';

/** The least width a photo variant needs to be a messenger's large preview; narrower photos get the drawn card. */
export const OG_IMAGE_MIN_WIDTH = 600;
const DESCRIPTION_MAX = 200;

/** Web paths the pages lead to (apps/web/src/config/paths.ts's viewOffer). */
const viewOfferPath = (offerId: number) => `/viewoffer/${offerId}`;
export const offerPagePath = (offerId: number) => `/o/${offerId}`;
export const shopPagePath = (vendorId: number) => `/s/${vendorId}`;
export const cardImagePath = (offerId: number) => `/o/${offerId}/card.png`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON for a `<script type="application/ld+json">`: no '<', '>' or '&' (so no `</script>` or `<!--`), no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

type Strings = (typeof catalogs)['en'];

export interface PageContext {
  language: LanguageCode;
  /** PUBLIC_URL's origin: every URL a crawler reads is absolute. */
  origin: string;
  now?: Date;
}

function money(amount: number, language: LanguageCode): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'EUR' }).format(amount);
}

function number(value: number, language: LanguageCode, fractionDigits = 0): string {
  return new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 }).format(value);
}

function dateText(isoDate: string, language: LanguageCode): string {
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function discountText(offer: SharedOffer, strings: Strings, language: LanguageCode): string {
  switch (offer.discountType) {
    case 'PERCENTAGE':
      return formatMessage(strings.share.percentOff, { value: number(offer.discountValue, language) });
    case 'FIXED':
      return formatMessage(strings.share.fixedOff, { value: number(offer.discountValue, language, Number.isInteger(offer.discountValue) ? 0 : 2) });
    default:
      return offer.buyQuantity !== null && offer.getQuantity !== null
        ? formatMessage(strings.share.buyGet, { buy: number(offer.buyQuantity, language), get: number(offer.getQuantity, language) })
        : strings.offerDetail.specialOff;
  }
}

function priceOf(offer: SharedOffer, language: LanguageCode): { before: string; after: string; amount: number } | null {
  const after = offerPrice(offer.discountType, offer.discountValue, offer.regularPrice);
  if (after === null || offer.regularPrice === null) return null;
  return { before: money(offer.regularPrice, language), after: money(after, language), amount: after };
}

function timeLeftText(endDate: string, strings: Strings, now: Date): string {
  const left = timeLeft(endDate, now);
  if (left.kind === 'expired') return strings.messages.offerExpired;
  return formatMessage(left.kind === 'hours' ? strings.messages.hoursLeft : strings.messages.daysLeft, { count: left.count });
}

/** The shop's town: the nearest Maltese locality, else its address. */
export function townOf(shop: SharedShop): string {
  return nearestMalteseLocality(shop.latitude, shop.longitude) ?? shop.businessAddress;
}

/** The card size of a photo: the same picture as the detail variant, at most CARD_WIDTH on its longer side. */
function cardSize(photo: NonNullable<SharedOffer['photo']>): { width: number; height: number } {
  const scale = Math.min(1, CARD_WIDTH / Math.max(photo.width, photo.height));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

interface OgImage {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

/** The card text of an offer's drawn image, in the page's language. */
export function offerCardText(offer: SharedOffer, shop: SharedShop, language: LanguageCode): CardText {
  const strings = catalogs[language];
  const price = priceOf(offer, language);
  return {
    brand: strings.brand.name,
    discount: discountText(offer, strings, language),
    title: offer.title,
    price: price ? { before: price.before, after: price.after } : null,
    shop: `${shop.businessName} · ${townOf(shop)}`,
  };
}

/** The preview picture: the photo's smallest variant at least OG_IMAGE_MIN_WIDTH wide, else the drawn card. */
function ogImageOf(offer: SharedOffer, shop: SharedShop, context: PageContext): OgImage {
  const strings = catalogs[context.language];
  const alt = formatMessage(strings.share.photoAlt, { title: offer.title, shop: shop.businessName });
  if (offer.photo) {
    const card = cardSize(offer.photo);
    if (card.width >= OG_IMAGE_MIN_WIDTH) return { url: `${context.origin}${publicUrl(offer.photo.cardKey)}`, ...card, type: 'image/webp', alt };
    if (offer.photo.width >= OG_IMAGE_MIN_WIDTH) {
      return { url: `${context.origin}${publicUrl(offer.photo.detailKey)}`, width: offer.photo.width, height: offer.photo.height, type: 'image/webp', alt };
    }
  }
  const version = cardVersion(cardSvg(offerCardText(offer, shop, context.language)));
  const query = new URLSearchParams({ lang: context.language, v: version }).toString();
  return { url: `${context.origin}${cardImagePath(offer.offerId)}?${query}`, width: CARD_IMAGE_WIDTH, height: CARD_IMAGE_HEIGHT, type: 'image/png', alt };
}

const STYLE = `:root{color-scheme:light dark;--bg:#f8fafc;--fg:#0f172a;--muted:#475569;--card:#fff;--line:#cbd5e1;--link:#047857;--brand:#047857}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--card:#1e293b;--line:#475569;--link:#6ee7b7}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:var(--bg);color:var(--fg)}
header,main,footer{max-width:760px;margin:0 auto;padding:12px 16px}header{border-bottom:1px solid var(--line)}
a{color:var(--link)}.brand{font-weight:800;font-size:1.25rem;text-decoration:none}
img{display:block;max-width:100%;height:auto}.photo{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:16px;background:var(--line)}
.badge{display:inline-block;margin:12px 0 0;background:var(--brand);color:#fff;font-weight:700;border-radius:999px;padding:4px 14px}
h1{font-size:1.6rem;line-height:1.25;margin:8px 0;overflow-wrap:anywhere}h2{font-size:1.2rem;margin:24px 0 8px}
.price{font-size:1.1rem;margin:8px 0}.price s{color:var(--muted)}.price strong{font-size:1.5rem}
.muted{color:var(--muted)}.text{white-space:pre-line;overflow-wrap:anywhere}p{margin:8px 0}
.button{display:inline-block;margin:12px 0;background:var(--brand);color:#fff;font-weight:700;padding:12px 24px;border-radius:10px;text-decoration:none}
.button:focus-visible,a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.shop-head{display:flex;gap:16px;align-items:center}.logo{width:72px;height:72px;border-radius:50%;object-fit:cover;flex:none}
.cover{width:100%;aspect-ratio:8/3;object-fit:cover;border-radius:16px;background:var(--line)}.shop-line{display:flex;gap:8px;align-items:center}.shop-line .logo{width:32px;height:32px}
.initial{width:72px;height:72px;border-radius:50%;background:var(--brand);color:#fff;display:flex;align-items:center;justify-content:center;font-size:2rem;font-weight:700;flex:none}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.card{display:flex;gap:12px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:12px}
.card img{width:96px;height:96px;object-fit:cover;border-radius:12px;flex:none}.card h3{font-size:1.05rem;margin:4px 0;overflow-wrap:anywhere}
.card .badge{margin:0;font-size:.875rem;padding:2px 10px}
.vh{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

interface PageParts {
  context: PageContext;
  title: string;
  description: string;
  /** The page's own absolute URL (og:url, canonical); undefined for the not-found page. */
  url?: string;
  image?: OgImage;
  jsonLd?: unknown;
  body: string;
}

function renderPage(parts: PageParts): string {
  const { language } = parts.context;
  const strings = catalogs[language];
  const meta: string[] = [
    `<title>${escapeHtml(parts.title)}</title>`,
    `<meta name="description" content="${escapeHtml(parts.description)}">`,
    `<meta property="og:site_name" content="${escapeHtml(strings.brand.name)}">`,
    `<meta property="og:title" content="${escapeHtml(parts.title)}">`,
    `<meta property="og:description" content="${escapeHtml(parts.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="${escapeHtml(intlLocale(language).replace('-', '_'))}">`,
  ];
  if (parts.url) meta.push(`<meta property="og:url" content="${escapeHtml(parts.url)}">`, `<link rel="canonical" href="${escapeHtml(parts.url)}">`);
  else meta.push('<meta name="robots" content="noindex">');
  if (parts.image) {
    meta.push(
      `<meta property="og:image" content="${escapeHtml(parts.image.url)}">`,
      `<meta property="og:image:type" content="${escapeHtml(parts.image.type)}">`,
      `<meta property="og:image:width" content="${parts.image.width}">`,
      `<meta property="og:image:height" content="${parts.image.height}">`,
      `<meta property="og:image:alt" content="${escapeHtml(parts.image.alt)}">`,
      '<meta name="twitter:card" content="summary_large_image">',
    );
  } else {
    meta.push('<meta name="twitter:card" content="summary">');
  }
  meta.push(`<meta name="twitter:title" content="${escapeHtml(parts.title)}">`, `<meta name="twitter:description" content="${escapeHtml(parts.description)}">`);
  const jsonLd = parts.jsonLd === undefined ? '' : `<script type="application/ld+json">${jsonForScript(parts.jsonLd)}</script>`;
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">',
    ...meta,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${STYLE}</style>`,
    jsonLd,
    '</head><body>',
    `<header><a class="brand" href="/">${escapeHtml(strings.brand.name)}</a></header>`,
    `<main>${parts.body}</main>`,
    `<footer><a href="/">${escapeHtml(strings.share.homeLink)}</a></footer>`,
    '</body></html>',
  ].join('\n');
}

function priceHtml(price: { before: string; after: string }, strings: Strings): string {
  return `<p class="price" data-testid="share-price"><span class="vh">${escapeHtml(strings.share.priceBefore)}</span> <s>${escapeHtml(price.before)}</s> <span aria-hidden="true">→</span> <span class="vh">${escapeHtml(strings.share.priceNow)}</span> <strong>${escapeHtml(price.after)}</strong></p>`;
}

function addressLd(shop: SharedShop) {
  const town = nearestMalteseLocality(shop.latitude, shop.longitude);
  return {
    '@type': 'PostalAddress',
    streetAddress: shop.businessAddress,
    ...(town ? { addressLocality: town.replace(/, Malta$/, '') } : {}),
    addressCountry: 'MT',
  };
}

function offerLd(offer: SharedOffer, shop: SharedShop, context: PageContext, image: string | undefined) {
  const price = offerPrice(offer.discountType, offer.discountValue, offer.regularPrice);
  return {
    '@type': 'Offer',
    name: offer.title,
    ...(offer.description.trim() ? { description: offer.description } : {}),
    url: `${context.origin}${offerPagePath(offer.offerId)}`,
    ...(image ? { image } : {}),
    ...(price === null ? {} : { price: price.toFixed(2) }),
    priceCurrency: 'EUR',
    validFrom: offer.startDate,
    validThrough: maltaDayEnd(offer.endDate).toISOString(),
    availability: 'https://schema.org/InStock',
    offeredBy: { '@type': 'LocalBusiness', name: shop.businessName, url: `${context.origin}${shopPagePath(shop.vendorId)}`, address: addressLd(shop) },
  };
}

/** The offer's page. */
export function renderOfferPage(offer: SharedOffer, shop: SharedShop, context: PageContext): string {
  const { language } = context;
  const strings = catalogs[language];
  const now = context.now ?? new Date();
  const discount = discountText(offer, strings, language);
  const price = priceOf(offer, language);
  const town = townOf(shop);
  const image = ogImageOf(offer, shop, context);
  const url = `${context.origin}${offerPagePath(offer.offerId)}`;
  const description = offer.description.trim()
    ? shorten(offer.description, DESCRIPTION_MAX)
    : formatMessage(strings.share.offerDescription, { discount, shop: shop.businessName, town });
  const photo = offer.photo
    ? (() => {
        const card = cardSize(offer.photo);
        return `<img class="photo" src="${escapeHtml(publicUrl(offer.photo.cardKey))}" srcset="${escapeHtml(publicUrl(offer.photo.cardKey))} ${card.width}w, ${escapeHtml(publicUrl(offer.photo.detailKey))} ${offer.photo.width}w" sizes="(max-width: 760px) 100vw, 728px" width="${card.width}" height="${card.height}" alt="${escapeHtml(image.alt)}">`;
      })()
    : '';
  const terms = offer.termsAndConditions?.trim()
    ? `<section aria-labelledby="terms"><h2 id="terms">${escapeHtml(strings.share.terms)}</h2><p class="text">${escapeHtml(offer.termsAndConditions)}</p></section>`
    : '';
  const body = [
    '<article>',
    photo,
    `<p class="badge" data-testid="share-discount">${escapeHtml(discount)}</p>`,
    `<h1><bdi>${escapeHtml(offer.title)}</bdi></h1>`,
    price ? priceHtml(price, strings) : '',
    `<p class="shop-line">${shop.logoKey ? `<img class="logo" src="${escapeHtml(publicUrl(shop.logoKey))}" width="32" height="32" alt="">` : ''}<span><a href="${shopPagePath(shop.vendorId)}"><bdi>${escapeHtml(shop.businessName)}</bdi></a> · <bdi>${escapeHtml(town)}</bdi></span></p>`,
    `<p class="muted">${escapeHtml(timeLeftText(offer.endDate, strings, now))} · ${escapeHtml(formatMessage(strings.share.validUntil, { date: dateText(offer.endDate, language) }))}</p>`,
    offer.schedule ? `<p class="muted" data-testid="share-happy-hour">${escapeHtml(formatMessage(strings.share.happyHour, { schedule: offer.schedule }))}</p>` : '',
    `<a class="button" href="${viewOfferPath(offer.offerId)}" data-testid="get-offer">${escapeHtml(strings.share.getOffer)}</a>`,
    offer.description.trim() ? `<p class="text">${escapeHtml(offer.description)}</p>` : '',
    terms,
    '</article>',
  ].join('\n');
  return renderPage({
    context,
    title: `${offer.title} · ${discount} · ${shop.businessName}`,
    description,
    url,
    image,
    jsonLd: { '@context': 'https://schema.org', ...offerLd(offer, shop, context, image.url) },
    body,
  });
}

export interface ShopRating {
  average: number | null;
  count: number;
}

/** The shop's page: its face, rating and current offers as cards leading to their own pages. */
export function renderShopPage(shop: SharedShop, offers: SharedOffer[], rating: ShopRating, context: PageContext): string {
  const { language } = context;
  const strings = catalogs[language];
  const now = context.now ?? new Date();
  const town = townOf(shop);
  const type = strings.vendor.businessTypes[shop.businessType];
  const url = `${context.origin}${shopPagePath(shop.vendorId)}`;
  const logo = shop.logoKey
    ? `<img class="logo" src="${escapeHtml(publicUrl(shop.logoKey))}" width="72" height="72" alt="${escapeHtml(formatMessage(strings.share.logoAlt, { name: shop.businessName }))}">`
    : `<span class="initial" aria-hidden="true">${escapeHtml(Array.from(shop.businessName.trim())[0]?.toLocaleUpperCase(intlLocale(language)) ?? '?')}</span>`;
  const hasRating = rating.count > 0 && rating.average !== null;
  const ratingText = hasRating
    ? formatMessage(rating.count === 1 ? strings.share.ratingOne : strings.share.ratingMany, { average: number(rating.average ?? 0, language, 1), count: number(rating.count, language) })
    : strings.share.noReviews;
  const cards = offers.map((offer) => {
    const price = priceOf(offer, language);
    const photo = offer.photo
      ? `<img src="${escapeHtml(publicUrl(offer.photo.cardKey))}" width="96" height="96" loading="lazy" alt="${escapeHtml(formatMessage(strings.share.photoAlt, { title: offer.title, shop: shop.businessName }))}">`
      : '';
    return [
      '<li class="card">',
      photo,
      '<div>',
      `<p class="badge">${escapeHtml(discountText(offer, strings, language))}</p>`,
      `<h3><a href="${offerPagePath(offer.offerId)}"><bdi>${escapeHtml(offer.title)}</bdi></a></h3>`,
      price ? `<p><s class="muted">${escapeHtml(price.before)}</s> <span aria-hidden="true">→</span> <strong>${escapeHtml(price.after)}</strong></p>` : '',
      `<p class="muted">${escapeHtml(timeLeftText(offer.endDate, strings, now))}</p>`,
      '</div>',
      '</li>',
    ].join('');
  });
  // Issue 28: the cover across the top (decorative: the shop's name and logo follow).
  const cover = shop.coverKey
    ? `<img class="cover" src="${escapeHtml(publicUrl(shop.coverKey))}" width="${SHOP_IMAGE_SIZES.cover.width}" height="${SHOP_IMAGE_SIZES.cover.height}" alt="" data-testid="share-cover">`
    : '';
  const body = [
    cover,
    '<div class="shop-head">',
    logo,
    '<div>',
    `<h1><bdi>${escapeHtml(shop.businessName)}</bdi></h1>`,
    `<p class="muted">${escapeHtml(type)} · <bdi>${escapeHtml(town)}</bdi></p>`,
    `<p data-testid="share-rating">${hasRating ? '★ ' : ''}${escapeHtml(ratingText)}</p>`,
    '</div></div>',
    `<p><bdi>${escapeHtml(shop.businessAddress)}</bdi></p>`,
    `<section aria-labelledby="offers"><h2 id="offers">${escapeHtml(strings.share.offersHeading)}</h2>`,
    offers.length > 0 ? `<ul class="cards">${cards.join('\n')}</ul>` : `<p>${escapeHtml(strings.share.noOffers)}</p>`,
    '</section>',
  ].join('\n');
  // The preview: its cover (issue 28: wide, of a known size), else its first offer's picture (a logo is usually too
  // small for a large preview).
  const firstOffer = offers[0];
  const coverImage: OgImage | undefined = shop.coverKey
    ? { url: `${context.origin}${publicUrl(shop.coverKey)}`, width: SHOP_IMAGE_SIZES.cover.width, height: SHOP_IMAGE_SIZES.cover.height, type: 'image/webp', alt: shop.businessName }
    : undefined;
  const image = coverImage ?? (firstOffer ? ogImageOf(firstOffer, shop, context) : undefined);
  const logoUrl = shop.logoKey ? `${context.origin}${publicUrl(shop.logoKey)}` : undefined;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: shop.businessName,
    url,
    ...(logoUrl ? { logo: logoUrl } : {}),
    ...(image ? { image: image.url } : logoUrl ? { image: logoUrl } : {}),
    address: addressLd(shop),
    geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
    ...(hasRating ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 } } : {}),
    makesOffer: offers.map((offer) => {
      const { offeredBy: _offeredBy, ...rest } = offerLd(offer, shop, context, undefined);
      return rest;
    }),
  };
  return renderPage({
    context,
    title: `${shop.businessName} · ${town}`,
    description: formatMessage(strings.share.shopDescription, { type, town }),
    url,
    ...(image ? { image } : {}),
    jsonLd,
    body,
  });
}

/** What an offer or shop that shoppers may not see (or an id that names nothing) answers, with status 404. */
export function renderNotFoundPage(context: PageContext): string {
  const strings = catalogs[context.language];
  return renderPage({
    context,
    title: `${strings.share.notFoundTitle} · ${strings.brand.name}`,
    description: strings.share.notFoundText,
    body: `<h1>${escapeHtml(strings.share.notFoundTitle)}</h1><p>${escapeHtml(strings.share.notFoundText)}</p><a class="button" href="/">${escapeHtml(strings.share.notFoundLink)}</a>`,
  });
}
