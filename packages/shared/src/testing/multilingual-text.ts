/**
 * Real text in the app's ten languages and emoji as people write them (issue 25): what the text rules must let through,
 * shared by the shared package's unit tests and the API's. Imported by tests only, from
 * `@qrib/shared/testing/multilingual-text`, never from the package's index.
 */
import type { LanguageCode } from '../languages.ts';

/** A realistic shop name, offer title and person's name in each of the app's ten languages. */
export const WRITTEN_IN: Record<LanguageCode, { shop: string; title: string; person: string }> = {
  en: { shop: 'The Corner Bakery', title: '2 for 1 croissants 🥐 this weekend', person: "Sarah O'Neill" },
  mt: { shop: 'Il-Ħanut ta’ Ċikku', title: 'Ġbejniet u żebbuġ: ħobż b’xejn ma’ kull ħames', person: 'Ġużeppi Żammit' },
  fr: { shop: 'Boulangerie Dupré', title: 'Crêpes à volonté, où que vous soyez', person: 'Anaïs Lefèvre' },
  it: { shop: 'Pizzeria Là Però', title: 'Più gusto: caffè e cornetto a 1,50 €', person: 'Niccolò Bianchi' },
  de: { shop: 'Bäckerei Große Straße', title: 'Brötchen für 1 € – Grüße aus Köln', person: 'Jürgen Weiß' },
  el: { shop: 'Ταβέρνα «Ο Γιώργος»', title: 'Ψαρόσουπα με 20% έκπτωση', person: 'Γιώργος Παπαδόπουλος' },
  tr: { shop: 'Çiğdem Pastanesi', title: 'Şöbiyet ve güllaç’ta %20 indirim', person: 'Ayşe Yılmaz' },
  ar: { shop: 'مَطْعَم الشَّام', title: 'خصم ٢٠٪ على الشاورما والفلافل', person: 'فاطمة الزَّهراء' },
  hi: { shop: 'दिल्ली की चाट', title: 'समोसे और क्\u200dषीर पर २०% छूट', person: 'प्रिया शर्मा' },
  ja: { shop: '東京ラーメン屋', title: '餃子半額セール開催中！', person: '山田 花子' },
};

/** Emoji in names and titles: ZWJ sequences, skin tones, flags (a subdivision flag is spelled with tags), keycaps. */
export const EMOJI_TEXTS = [
  '👩‍🍳 Chef’s special 🇲🇹',
  '🧑🏽‍🍳 Il-Kċina ta’ Marija',
  '👨‍👩‍👧‍👦 Family menu',
  '❤️‍🔥 Hot deal',
  '🏳️‍🌈 Pride brunch',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scottish week',
  '1️⃣ free coffee ☕',
  '🏃‍➡️ Runners’ breakfast',
];
