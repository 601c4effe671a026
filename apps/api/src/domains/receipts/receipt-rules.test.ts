import { describe, expect, it } from 'vitest';
import type { MessageKey } from '@qrib/shared';
import { extractReceiptFields, type ExtractedReceipt } from './receipt-extraction.ts';
import {
  decideReceipt,
  hammingDistance,
  highestPricePaid,
  isSameReceipt,
  MERCHANT_MATCH,
  nameSimilarity,
  type OfferTerms,
  type ReceiptEvidence,
} from './receipt-rules.ts';

// 10:00 in Malta on 20 November 2026.
const UPLOADED_AT = new Date('2026-11-20T09:00:00Z');
const PERCENT_OFF: OfferTerms = { discountType: 'PERCENTAGE', discountValue: 20, startDate: '2026-11-01', endDate: '2026-11-30' };

function fields(overrides: Partial<ExtractedReceipt> = {}): ExtractedReceipt {
  return { merchant: 'GOZO FRESH BAKERY', merchantLines: ['GOZO FRESH BAKERY', 'Triq il-Kbira 12'], date: '2026-11-18', total: 7.2, subtotal: 9, ...overrides };
}

function evidence(overrides: Partial<ReceiptEvidence> = {}): ReceiptEvidence {
  return {
    fields: fields(),
    allFilesRead: true,
    businessName: 'Gozo Fresh Bakery',
    offer: PERCENT_OFF,
    uploadedAt: UPLOADED_AT,
    isNearDuplicate: false,
    ...overrides,
  };
}

const verified = { status: 'VERIFIED', reason: null };
const rejected = (code: MessageKey, params = {}) => ({ status: 'REJECTED', reason: { code, params } });
const review = (code: MessageKey, params = {}) => ({ status: 'NEEDS_REVIEW', reason: { code, params } });

describe('decideReceipt', () => {
  it('verifies a receipt from the shop, recent, inside the offer, with the discount applied', () => {
    expect(decideReceipt(evidence())).toEqual(verified);
  });

  it('rejects a near-duplicate photo before anything else', () => {
    expect(decideReceipt(evidence({ isNearDuplicate: true, fields: fields({ merchantLines: [] }) }))).toEqual(rejected('receiptAlreadySubmitted'));
  });

  describe('evidence never verified automatically (issue 24)', () => {
    it('leaves a PDF to the shop at best, and still rejects one that is plainly another shop’s, too old or already sent', () => {
      expect(decideReceipt(evidence({ hasPdf: true }))).toEqual(review('receiptPdfNeedsShop'));
      const other = fields({ merchant: 'SLIEMA HARDWARE STORE LTD', merchantLines: ['SLIEMA HARDWARE STORE LTD'] });
      expect(decideReceipt(evidence({ hasPdf: true, fields: other }))).toEqual(rejected('receiptAnotherShop'));
      expect(decideReceipt(evidence({ hasPdf: true, fields: fields({ date: '2026-11-01' }), offer: null }))).toEqual(rejected('receiptTooOld', { days: 14 }));
      expect(decideReceipt(evidence({ hasPdf: true, isNearDuplicate: true }))).toEqual(rejected('receiptAlreadySubmitted'));
    });

    it('leaves an image without signs of paper to the shop, and still rejects what is plainly wrong', () => {
      expect(decideReceipt(evidence({ hasDrawnImage: true }))).toEqual(review('receiptNotAPhoto'));
      expect(decideReceipt(evidence({ hasDrawnImage: true, fields: fields({ total: 9 }) }))).toEqual(rejected('receiptPriceAboveOffer'));
      // A file that could not be read says more than the kind of evidence.
      expect(decideReceipt(evidence({ hasDrawnImage: true, allFilesRead: false }))).toEqual(review('receiptUnreadable'));
    });
  });

  describe('reading real receipts (issue 24)', () => {
    it('finds the shop in any header line or two neighbouring ones, and a name it cannot find is doubt, not another shop', () => {
      const header = ['tan woon yann', '789417-W TAMAN DAYA', 'BOOK TA .K (TAMAN DAYA) SDN BHD'];
      expect(decideReceipt(evidence({ businessName: 'BOOK TA .K (TAMAN DAYA) SDN BHD', offer: null, fields: fields({ merchantLines: header }) }))).toEqual(verified);
      // A logo OCR cannot read, and no business named: the owner decides.
      expect(decideReceipt(evidence({ offer: null, fields: fields({ merchantLines: ['CASH BILL', 'PLEASE COME AGAIN'] }) }))).toEqual(review('receiptShopNameUnsure'));
    });

    it('rejects as another shop only a header that plainly names a business (a company suffix)', () => {
      const named = fields({ merchantLines: ['UNIHAKKA INTERNATIONAL SDN BHD', 'Tampoi Johor Bahru'] });
      expect(decideReceipt(evidence({ offer: null, fields: named }))).toEqual(rejected('receiptAnotherShop'));
      const slogan = fields({ merchantLines: ['Thank You And Come Again', 'Simplified Tax Invoice'] });
      expect(decideReceipt(evidence({ offer: null, fields: slogan }))).toEqual(review('receiptShopNameUnsure'));
    });

    it('doubts a too-old or out-of-offer date OCR read with low confidence, and rejects it when read with confidence', () => {
      const old = fields({ date: '2026-10-01' });
      expect(decideReceipt(evidence({ offer: null, fields: { ...old, dateConfidence: 60 } }))).toEqual(review('receiptDateUnreadable'));
      expect(decideReceipt(evidence({ offer: null, fields: { ...old, dateConfidence: 93 } }))).toEqual(rejected('receiptTooOld', { days: 14 }));
      expect(decideReceipt(evidence({ fields: fields({ date: '2026-10-30', dateConfidence: 40 }) }))).toEqual(review('receiptDateUnreadable'));
    });
  });

  describe('merchant', () => {
    it('matches whatever the case, accents, punctuation and OCR digit slips', () => {
      expect(decideReceipt(evidence({ businessName: 'Ġożo Fresh Bakery', fields: fields({ merchantLines: ['G0Z0 FRESH BAKERY.'] }) }))).toEqual(verified);
      expect(decideReceipt(evidence({ businessName: "Joseph's Pastizzeria", fields: fields({ merchantLines: ['JOSEPHS PASTIZZERIA VALLETTA'] }) }))).toEqual(verified);
    });

    it('matches on a later header line when the first is a logo or a slogan', () => {
      expect(decideReceipt(evidence({ fields: fields({ merchantLines: ['Since 1921', 'Gozo Fresh Bakery Ltd'] }) }))).toEqual(verified);
    });

    it('rejects a clearly different name as another shop', () => {
      const other = fields({ merchant: 'SLIEMA HARDWARE STORE LTD', merchantLines: ['SLIEMA HARDWARE STORE LTD', 'Tower Road 5'] });
      expect(decideReceipt(evidence({ fields: other }))).toEqual(rejected('receiptAnotherShop'));
    });

    it('leaves a name that only partly matches, or no name, to the owner', () => {
      const partly = fields({ merchantLines: ['TA MARIJA BAKERY'] });
      expect(decideReceipt(evidence({ fields: partly }))).toEqual(review('receiptShopNameUnsure'));
      expect(decideReceipt(evidence({ fields: fields({ merchant: null, merchantLines: [] }) }))).toEqual(review('receiptShopNameUnsure'));
    });
  });

  describe('date', () => {
    it('accepts the upload day and 14 days before it, in Malta time', () => {
      expect(decideReceipt(evidence({ fields: fields({ date: '2026-11-20' }) }))).toEqual(verified);
      expect(decideReceipt(evidence({ fields: fields({ date: '2026-11-06' }), offer: null }))).toEqual(verified);
      // 23:30 UTC on the 20th is already the 21st in Malta.
      expect(decideReceipt(evidence({ uploadedAt: new Date('2026-11-20T23:30:00Z'), fields: fields({ date: '2026-11-21' }) }))).toEqual(verified);
    });

    it('rejects a receipt more than 14 days old', () => {
      expect(decideReceipt(evidence({ fields: fields({ date: '2026-11-05' }), offer: null }))).toEqual(
        rejected('receiptTooOld', { days: 14 }),
      );
    });

    it('rejects a date outside the offer, checking both ends', () => {
      const offer = { ...PERCENT_OFF, startDate: '2026-11-19', endDate: '2026-11-19' };
      expect(decideReceipt(evidence({ offer, fields: fields({ date: '2026-11-18' }) }))).toEqual(rejected('receiptOutsideOfferDates'));
      expect(decideReceipt(evidence({ offer, fields: fields({ date: '2026-11-20' }) }))).toEqual(rejected('receiptOutsideOfferDates'));
      expect(decideReceipt(evidence({ offer, fields: fields({ date: '2026-11-19' }) }))).toEqual(verified);
    });

    it("rejects a date on which a happy-hour offer's schedule has no window (issue 28 §3)", () => {
      // 16–20 November 2026 is Monday to Friday; the happy hour runs Monday to Thursday evenings.
      const offer = { ...PERCENT_OFF, startDate: '2026-11-16', endDate: '2026-11-20', schedule: 'Mo-Th 17:00-19:00' };
      expect(decideReceipt(evidence({ offer, fields: fields({ date: '2026-11-20' }) }))).toEqual(rejected('receiptOutsideOfferDates'));
      expect(decideReceipt(evidence({ offer, fields: fields({ date: '2026-11-19' }) }))).toEqual(verified);
      // A window past midnight holds on the day it ends too: Thursday 22:00 to Friday 02:00.
      const late = { ...offer, schedule: 'Th 22:00-02:00' };
      expect(decideReceipt(evidence({ offer: late, fields: fields({ date: '2026-11-20' }) }))).toEqual(verified);
      expect(decideReceipt(evidence({ offer: late, fields: fields({ date: '2026-11-18' }) }))).toEqual(rejected('receiptOutsideOfferDates'));
    });

    it('leaves a missing date or one after the upload to the owner', () => {
      expect(decideReceipt(evidence({ fields: fields({ date: null }) }))).toEqual(review('receiptDateUnreadable'));
      expect(decideReceipt(evidence({ fields: fields({ date: '2026-11-22' }) }))).toEqual(review('receiptDateAfterUpload'));
    });
  });

  describe('price', () => {
    it('rejects a total above the subtotal less the percentage, allowing one cent', () => {
      expect(decideReceipt(evidence({ fields: fields({ subtotal: 9, total: 7.21 }) }))).toEqual(verified);
      expect(decideReceipt(evidence({ fields: fields({ subtotal: 9, total: 7.22 }) }))).toEqual(rejected('receiptPriceAboveOffer'));
      expect(decideReceipt(evidence({ fields: fields({ subtotal: 9, total: 9 }) }))).toEqual(rejected('receiptPriceAboveOffer'));
    });

    it('rejects a total above the subtotal less a fixed discount', () => {
      const offer: OfferTerms = { ...PERCENT_OFF, discountType: 'FIXED', discountValue: 2 };
      expect(decideReceipt(evidence({ offer, fields: fields({ subtotal: 9, total: 7 }) }))).toEqual(verified);
      expect(decideReceipt(evidence({ offer, fields: fields({ subtotal: 9, total: 7.5 }) }))).toEqual(rejected('receiptPriceAboveOffer'));
    });

    it('has no price rule for buy-X-get-Y offers or receipts naming no offer', () => {
      const total = fields({ subtotal: 9, total: 9 });
      expect(decideReceipt(evidence({ fields: total, offer: { ...PERCENT_OFF, discountType: 'BUYXGETY', discountValue: 1 } }))).toEqual(verified);
      expect(decideReceipt(evidence({ fields: fields({ subtotal: null, total: null }), offer: null }))).toEqual(verified);
    });

    it('leaves unreadable totals to the owner', () => {
      expect(decideReceipt(evidence({ fields: fields({ total: null }) }))).toEqual(review('receiptTotalsUnreadable'));
      expect(decideReceipt(evidence({ fields: fields({ subtotal: null }) }))).toEqual(review('receiptTotalsUnreadable'));
    });
  });

  it('sends unreadable receipts to the owner, unless a rule clearly rejects them', () => {
    const nothing = fields({ merchant: null, merchantLines: [], date: null, total: null, subtotal: null });
    expect(decideReceipt(evidence({ fields: nothing, allFilesRead: false }))).toEqual(review('receiptUnreadable'));
    expect(decideReceipt(evidence({ allFilesRead: false }))).toEqual(review('receiptUnreadable'));
    expect(decideReceipt(evidence({ allFilesRead: false, fields: fields({ date: '2026-10-01' }), offer: null }))).toEqual(
      rejected('receiptTooOld', { days: 14 }),
    );
  });

  it('gives the first rejection in rule order when several apply', () => {
    const bad = fields({ merchantLines: ['SLIEMA HARDWARE STORE LTD'], date: '2026-10-01', total: 9 });
    expect(decideReceipt(evidence({ fields: bad }))).toEqual(rejected('receiptAnotherShop'));
  });
});

/** What tesseract read from photos of random noise (not receipts at all), as it gave them. */
const NOISE_OCR_TEXTS = [
  'Ce\na a es a\na\na\na\nRo md a beanie ae\n\na\nGeta La a ea\nGe\nes\na\nae  Lo\nee a\noe',
  'eC THE LT ar Fle\n—r.  ql a nal  HR  ag or he {Ly\nX {Ch : LT ht x: kl TITLE :\n5s RL. Tn a fr',
  'SEE\nGRE Ce\nSR eT\nLE et\nTa TV a Sey,    2; Lah\n',
  'vecapeds Rann dle se dl el ee se Be a Sane\nee on Sie aT\n= a oo\na a\nne a a. Ca',
  'Hah Cr et u i rb AN 1; “30k ks & x 4 "eit\nEa\nSethe\nMesa\nFE Ee hte EL Ride TE EE',
];

describe('a photo that is not a receipt (OCR reads noise)', () => {
  it.each(NOISE_OCR_TEXTS)('goes to the owner, never rejected as another shop: %j', (text) => {
    const verdict = decideReceipt(evidence({ fields: extractReceiptFields(text) }));
    expect(verdict.status).toBe('NEEDS_REVIEW');
  });

  it('is unreadable when no line is in real words, and the name unsure when a word turns up without a date or total', () => {
    expect(decideReceipt(evidence({ fields: extractReceiptFields(NOISE_OCR_TEXTS[0] ?? '') }))).toEqual(review('receiptUnreadable'));
    const aWord = fields({ merchant: 'Sethe', merchantLines: ['Ea', 'Sethe', 'Mesa'], date: null, total: null, subtotal: null });
    expect(decideReceipt(evidence({ fields: aWord }))).toEqual(review('receiptShopNameUnsure'));
    // A business's name (with a company suffix) on a receipt with a date is another shop.
    expect(decideReceipt(evidence({ fields: { ...aWord, merchantLines: ['SLIEMA HARDWARE LTD'], date: '2026-11-18' } }))).toEqual(
      rejected('receiptAnotherShop'),
    );
  });
});

describe('isSameReceipt', () => {
  const text = 'GOZO FRESH BAKERY\nDate: 20/11/2026 09:41\nFtira x2 7.00\nCoffee 3.00\nSUBTOTAL 10.00\nTOTAL EUR 8.00';
  const read = { text, date: '2026-11-20', total: 8 };

  it('is true for the same receipt read again, with small OCR differences', () => {
    expect(isSameReceipt({ ...read, text: text.replace('Trig', 'Triq').replace('EUR', 'EWR') }, read)).toBe(true);
  });

  it('is false for another purchase on the same till: another date, total or items', () => {
    expect(isSameReceipt({ ...read, date: '2026-11-19' }, read)).toBe(false);
    expect(isSameReceipt({ ...read, total: 9.5 }, read)).toBe(false);
    expect(isSameReceipt({ ...read, total: null }, read)).toBe(false);
    const otherItems = 'GOZO FRESH BAKERY\nDate: 20/11/2026 11:02\nPastizzi x5 3.50\nTea 1.50\nKinnie 1.20\nHobz 3.80\nSUBTOTAL 10.00\nTOTAL EUR 8.00';
    expect(isSameReceipt({ ...read, text: otherItems }, read)).toBe(false);
  });

  it('proves nothing from unread text', () => {
    expect(isSameReceipt({ text: '', date: null, total: null }, { text: '', date: null, total: null })).toBe(false);
  });
});

describe('helpers', () => {
  it('counts differing bits of two 64-bit hashes', () => {
    expect(hammingDistance('ffffffffffffffff', 'ffffffffffffffff')).toBe(0);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('00000000000000f1', '0000000000000001')).toBe(4);
  });

  it('rates names 0..1', () => {
    expect(nameSimilarity('GOZO FRESH BAKERY', 'Gozo Fresh Bakery')).toBe(1);
    expect(nameSimilarity('SLIEMA HARDWARE STORE', 'Gozo Fresh Bakery')).toBeLessThan(0.35);
  });

  it('does not find two businesses alike for their shared suffixes, region qualifiers or one short word (SROIE headers)', () => {
    // Only the company suffixes and the country qualifier are shared.
    expect(nameSimilarity('AEON CO. (M) BHD', 'POPULAR BOOK CO. (M) SDN BHD')).toBeLessThan(MERCHANT_MATCH);
    // The branch in parentheses is a place many shops of the region print.
    expect(nameSimilarity('SANYU STATIONERY SHOP JOHOR', 'MR D.I.Y. (JOHOR) SDN BHD')).toBeLessThan(MERCHANT_MATCH);
    // The same businesses' own headers still match.
    expect(nameSimilarity('POPULAR BOOK CO. (M) SDN BHD', 'POPULAR BOOK CO. (M) SDN BHD')).toBeGreaterThanOrEqual(MERCHANT_MATCH);
    expect(nameSimilarity('MR. D.I.Y. (JOHOR) SDN BHD', 'MR D.I.Y. (JOHOR) SDN BHD')).toBeGreaterThanOrEqual(MERCHANT_MATCH);
    expect(nameSimilarity("JOSEPH'S PASTIZZERIA", "Joseph's Pastizzeria (Sliema)")).toBeGreaterThanOrEqual(MERCHANT_MATCH);
  });

  it('reads a long word with one letter misread as the same word, never a short one or one two letters off (SROIE 007)', () => {
    // 'S.H.H. MOTOR (SUNGAI RENGIT) SDN. BHD.' as tesseract read it off a receipt stored at quality 97.
    expect(nameSimilarity('SHH, HOTOR { SUNGAL RENGIT ) SON. BHD.', 'S.H.H. MOTOR (SUNGAI RENGIT) SDN. BHD.')).toBeGreaterThanOrEqual(MERCHANT_MATCH);
    // Two letters off, or a letter off in a word under five letters, is another word.
    expect(nameSimilarity('HOTEL KAJANG SDN BHD', 'MOTOR KAJAX SDN BHD')).toBeLessThan(MERCHANT_MATCH);
    expect(nameSimilarity('BOOK SDN BHD', 'COOK SDN BHD')).toBeLessThan(MERCHANT_MATCH);
  });

  it('computes the highest total the discount allows', () => {
    expect(highestPricePaid(10, PERCENT_OFF)).toBeCloseTo(8.01);
    expect(highestPricePaid(1, { ...PERCENT_OFF, discountType: 'FIXED', discountValue: 5 })).toBeCloseTo(0.01);
    expect(highestPricePaid(10, { ...PERCENT_OFF, discountType: 'BUYXGETY' })).toBeNull();
  });
});
