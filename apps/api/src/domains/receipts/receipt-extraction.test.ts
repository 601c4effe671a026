import { describe, expect, it } from 'vitest';
import { extractDate, extractReceiptFields, isReadableName, extractSubtotal, extractTotal, findAmounts, findDate, receiptTextLines } from './receipt-extraction.ts';

/** What tesseract gave for a generated receipt photo (stray spaces and the 'Trig' for 'Triq' included). */
const OCR_TEXT = `GOZO FRESH BAKERY

Trig il-Kbira 12, Valletta

Date: 20/11/2026 09:41

Ftira x2                  7.00
Coffee                    2.00
SUBTOTAL                  9.00
DISCOUNT 20%           -1.80

TOTAL EUR                         7.20
Thank you!
`;

describe('isReadableName', () => {
  it('takes shop names in real words, whatever their case', () => {
    for (const name of ['GOZO FRESH BAKERY', 'TA MARIJA BAKERY', "Joseph's Pastizzeria", 'Il-Forn tal-Kampanja', 'Ħobż u Kafè', 'SLIEMA HARDWARE STORE', 'Since 1921 Gozo']) {
      expect(isReadableName(name), name).toBe(true);
    }
  });

  it('refuses the letter scraps OCR reads in noise, and names too short to tell', () => {
    for (const line of ['Ro md a beanie ae', 'Geta La a ea', 'SR eT', 'eC THE LT ar Fle', 'vecapeds Rann dle se dl el ee se Be a Sane', 'a aaa ee', 'SEE', 'Aa Bb']) {
      expect(isReadableName(line), line).toBe(false);
    }
  });
});

describe('extractReceiptFields', () => {
  it('reads merchant, date, subtotal and total from OCR text', () => {
    expect(extractReceiptFields(OCR_TEXT)).toEqual({
      merchant: 'GOZO FRESH BAKERY',
      merchantLines: ['GOZO FRESH BAKERY', 'Trig il-Kbira 12, Valletta'],
      date: '2026-11-20',
      total: 7.2,
      subtotal: 9,
    });
  });

  it('gives nulls for empty or meaningless text', () => {
    expect(extractReceiptFields('')).toEqual({ merchant: null, merchantLines: [], date: null, total: null, subtotal: null });
    expect(extractReceiptFields('—— ~~ ..\n|| ::')).toEqual({ merchant: null, merchantLines: [], date: null, total: null, subtotal: null });
  });

  it('skips a junk logo line and contact lines when looking for the merchant', () => {
    const fields = extractReceiptFields('*** 12 ***\nTel 2123 4567\nIl-Forn tal-Kampanja\nwww.forn.mt\n2026-11-20\nBread 1.20\nTOTAL 1.20');
    expect(fields.merchant).toBe('Il-Forn tal-Kampanja');
    expect(fields.merchantLines).toEqual(['Il-Forn tal-Kampanja']);
  });
});

describe('findDate', () => {
  it.each([
    ['Date: 2026-11-20 09:41', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['20-11-2026', '2026-11-20'],
    ['20.11.2026 14:02', '2026-11-20'],
    ['5/3/2026', '2026-03-05'],
    ['Date 05.03.26', '2026-03-05'],
    // OCR noise: O for 0, l for 1, spaces around separators, a comma for a point
    ['Date: 2O/1l/2026', '2026-11-20'],
    ['Date: 20 / 11 / 2026', '2026-11-20'],
    ['20,11.2026', '2026-11-20'],
    ['2026-O3-05', '2026-03-05'],
  ])('reads %s as %s', (line, expected) => {
    expect(findDate(line)).toBe(expected);
  });

  it.each(['31/02/2026', '2026-13-01', '12:30', 'Table 12 of 20', 'ISO 9001', 'TOTAL 12.50', 'SOLD/BIG/SOLD'])('finds no date in %s', (line) => {
    expect(findDate(line)).toBeNull();
  });

  it('prefers the line that says Date over an earlier date-like number', () => {
    expect(extractDate(['Shop', 'Licence 01/02/2020', 'Date: 18/11/2026'])).toBe('2026-11-18');
    expect(extractDate(['Shop', '18/11/2026 10:00', 'Bread 1.20'])).toBe('2026-11-18');
  });
});

describe('findAmounts', () => {
  it.each([
    ['TOTAL EUR 12.50', [12.5]],
    ['TOTAL €12,50', [12.5]],
    ['TOTAL EUR12.50', [12.5]],
    ['Croissant 3 x 1.50', [4.5]],
    ['Croissant 3 x 1.50     4.50', [4.5, 4.5]],
    ['DISCOUNT 20%  -1.80', [-1.8]],
    ['Coffee 2.O0', [2]],
    ['Date: 20.11.2026 09:41', []],
    ['Triq il-Kbira 12, Valletta', []],
    ['Receipt no 10293', []],
  ])('%s has %j', (line, expected) => {
    expect(findAmounts(line)).toEqual(expected);
  });
});

describe('extractTotal', () => {
  it('takes the TOTAL line, never SUBTOTAL, VAT or discount totals', () => {
    const lines = receiptTextLines('SUBTOTAL 9.00\nSub-total 9.00\nTOTAL DISCOUNT 1.80\nTOTAL 7.20\nVAT 18% TOTAL 1.10');
    expect(extractTotal(lines)).toBe(7.2);
  });

  it('tolerates OCR slips in the word TOTAL and other ways of saying it', () => {
    expect(extractTotal(['T0TAL 7.20'])).toBe(7.2);
    expect(extractTotal(['TOTAI: 7,20'])).toBe(7.2);
    expect(extractTotal(['Amount due EUR 5.00'])).toBe(5);
  });

  it('is null without a total line or an amount on it', () => {
    expect(extractTotal(['SUBTOTAL 9.00', 'Bread 1.20'])).toBeNull();
    expect(extractTotal(['TOTAL'])).toBeNull();
  });
});

describe('extractSubtotal', () => {
  it('takes the SUBTOTAL line when there is one', () => {
    expect(extractSubtotal(['Shop', 'Date 20/11/2026', 'Bread 1.20', 'SUB TOTAL 9.00', 'TOTAL 7.20'])).toBe(9);
  });

  it('else adds up the item lines between the date and the discount or total', () => {
    const lines = ['Shop', 'Date 20/11/2026', 'Ftira 2 x 3.50', 'Coffee 2.00', 'Cashier: Anna', 'Discount -1.80', 'TOTAL 7.20', 'Cash 10.00'];
    expect(extractSubtotal(lines)).toBe(9);
  });

  it('is null when no item has a price', () => {
    expect(extractSubtotal(['Shop', 'Date 20/11/2026', 'TOTAL 7.20'])).toBeNull();
  });
});

// Lines as tesseract read them off ICDAR 2019 SROIE receipts (issue 24).
describe('reading real receipts (SROIE lines)', () => {
  it('reads day-first dates in every common spelling', () => {
    expect(findDate('Date        25/12/2018 B:13:39 PH')).toBe('2018-12-25');
    expect(findDate('DATE: 25/12/18 10:15')).toBe('2018-12-25');
    expect(findDate('05 Mar 2018 18:24')).toBe('2018-03-05');
    expect(findDate('Date: 25-Dec-2018')).toBe('2018-12-25');
    expect(findDate('25 DEC 2018')).toBe('2018-12-25');
    expect(findDate('18/JAN/2018 11:02')).toBe('2018-01-18');
    expect(findDate('2018-12-25 09:00')).toBe('2018-12-25');
    expect(findDate('Dec 25, 2018')).toBe('2018-12-25');
    // A word with a month's letters and a number is no date.
    expect(findDate('MARKET 12')).toBeNull();
  });

  it('reads amounts with a currency before or after, glued or not', () => {
    expect(findAmounts('Total Sales (Inclusive GST) RM 22.91')).toEqual([22.91]);
    expect(findAmounts('TOTAL       RM14.19')).toEqual([14.19]);
    expect(findAmounts('Nett Total: $8.20')).toEqual([8.2]);
    expect(findAmounts('Total £ 12.50')).toEqual([12.5]);
    expect(findAmounts('TOTAL EUR 8.00')).toEqual([8]);
  });

  it('takes the final total: nett, rounded or amount due over the total before rounding; never tax, quantity or excluding lines', () => {
    const lines = ['Total Qty: 7              51.42', 'Total Sales (Excluding GST)         51.42', 'Total GST            3.08', 'Rounding            0.00', 'Total Sales (Inclusive of GST)     54.66'];
    expect(extractTotal(lines)).toBe(54.66);
    expect(extractTotal(['Total Amount: $8.20', 'GST @6%: $0.46', 'Nett Total: $8.20'])).toBe(8.2);
    expect(extractTotal(['Total :             9.00', 'Rounding Adjustment   0.00', 'Rounded Total (RM):   9.00'])).toBe(9);
    expect(extractTotal(['Total Includes GST 6%               9.00'])).toBe(9);
    expect(extractTotal(['Grand Total RM 31.00'])).toBe(31);
    expect(extractTotal(['AMOUNT DUE', '12.40'])).toBe(12.4);
  });

  it('takes the first plain TOTAL: a tax summary below it repeats the word with other amounts', () => {
    const lines = ['SUB-TOTAL (EX) : 4.60', 'TOTAL TAX : 0.28', 'ROUNDING : 0.02', 'TOTAL : 4.90', 'TAX CODE To (RM) (RM)', 'TOTAL: 4.60 0.28'];
    expect(extractTotal(lines)).toBe(4.9);
  });

  it('looks for the shop in the whole top third, past a logo line and the address', () => {
    const text = ['tan woon yann', '789417-W', 'NO.53 55,57 & 59, JALAN SAGU 18,', 'TAMAN DAYA,', 'BOOK TA .K (TAMAN DAYA) SDN BHD', 'Date 25/12/2018', 'Total : 9.00', 'Cash 10.00', 'Change 1.00', 'THANK YOU', 'PLEASE COME AGAIN', 'GOODS SOLD ARE NOT RETURNABLE'].join('\n');
    expect(extractReceiptFields(text).merchantLines).toContain('BOOK TA .K (TAMAN DAYA) SDN BHD');
  });
});

// More lines as tesseract read them off SROIE receipts: what the reading rules added after the first benchmark handle.
describe('reading real receipts, second pass (SROIE lines)', () => {
  it('finds a date after a number that would swallow its day', () => {
    expect(findDate('ORD #50 -REG #19- 18/01/2018 10:27:03')).toBe('2018-01-18');
  });

  it('reads a date printed without separators, but not an invoice number holding one', () => {
    expect(findDate('CB#. araro         21092017 10:20:37 AM')).toBe('2017-09-21');
    expect(findDate('Invoice No: 2018030610160030493')).toBeNull();
  });

  it('takes no year after next year: a misread digit is not a date', () => {
    expect(findDate('Date: 12/02/2078')).toBeNull();
    expect(findDate('HD03-04-06 - 5/40/160')).toBeNull();
  });

  it('prefers the date printed with a time over an item code that looks like a date', () => {
    const lines = ['HD03-04-06 - 5/10/16', '6909906163103 1% 3.30 23.30', '19-09-17 15:39 SHO1 ZJ03 T3 R000100808'];
    expect(extractDate(lines)).toBe('2017-09-19');
    // Two amounts are not a time of day.
    expect(extractDate(['Total 8.1.16 0.33', '22/03/2018 10:18 5131 041 0415556'])).toBe('2018-03-22');
  });

  it('reads amounts whose point OCR misread or lost, and thousands separators', () => {
    expect(findAmounts('TOTAL :          RM   39. 80')).toEqual([39.8]);
    expect(findAmounts('TOTAL       RM 149_19')).toEqual([149.19]);
    expect(findAmounts('Total Sales(Incl GST &%)    RM 64 13')).toEqual([64.13]);
    expect(findAmounts('TOTAL RM 1,234.50')).toEqual([1234.5]);
    // Without a currency in front, two numbers stay two numbers.
    expect(findAmounts('Total Qty       1        8091')).toEqual([]);
  });

  it('reads short and misread ways of saying total', () => {
    expect(extractTotal(['Sub Total                 129.30', 'Amt Due 129.30', 'GST @6%                      7.30'])).toBe(129.3);
    expect(extractTotal(['GST (6%) :                2.86', 'Net Amt :             53.55'])).toBe(53.55);
    expect(extractTotal(['Tatal Sales (Inclusive of GST) .     32.70', 'CASH   40.00'])).toBe(32.7);
    expect(extractTotal(['Total Excl. GST 15.00', 'Tota Incl. of GST                  15.90'])).toBe(15.9);
    expect(extractTotal(['Total SaJss-{aclusive of GST)   80.90'])).toBe(80.9);
  });

  it('never takes 0.00, the tax column of a summary table', () => {
    expect(extractTotal(['Tax Code     %     Amt (RM) Tax Rm)', 'Total          31.03           0.00'])).toBe(31.03);
  });

  it('takes the total that cash minus change confirms', () => {
    const lines = ['TOTAL RM 12.90', 'Total Sales (Inclusive of GST) RM 13.90', 'CASH RM 20.00', 'CHANGE RM 6.10'];
    expect(extractTotal(lines)).toBe(13.9);
  });

  it('falls back to cash minus change when no total line can be read', () => {
    expect(extractTotal(['TOA:          RM   73. 00', 'CASH          RM 80.00', 'CHANGE;          RM    7.00'])).toBe(73);
  });

  it('applies the rounding adjustment to a total that is not a multiple of 5 cents', () => {
    const lines = ['Total Sales (Excluding GST)  76.33', 'Total GST  4.58', 'Rounding          -0.01', 'Total :        80.91         0.00'];
    expect(extractTotal(lines)).toBe(80.9);
    // An already rounded total stays.
    expect(extractTotal(['TOTAL 9.00', 'Rounding 0.02'])).toBe(9);
  });

  it('prefers a date with one kind of separator over a number next to it read as one', () => {
    expect(findDate('ORD #07 -REG #19- 10/03/2018 17:24:07')).toBe('2018-03-10');
  });

  it('takes "Amount To Be Paid", and never reads it as the cash handed over', () => {
    expect(extractTotal(['Rounding Adjustment:  -0.02', 'Amount To Be Paid :   26.80', 'Cash Received :   50.00', 'Change :   23.20'])).toBe(26.8);
  });

  it('prefers cash minus change over the tax summary total printed below the change', () => {
    const lines = ['Total Sales (Excluding GST)          20 60', 'Total GST               120', 'Rounding           0 00', 'CASH :       100.00', 'Change :           78.80', 'Tax Code     Wh     Amit (RM) Tax (RM)', 'Total :       20.00         1.20'];
    expect(extractTotal(lines)).toBe(21.2);
    // Without cash and change, the summary's total is all there is.
    expect(extractTotal(['Change 0.00', 'Tax Code  %  Amt (RM)  Tax (RM)', 'Total :       21.20'])).toBe(21.2);
  });

  it('reads TOTAL with its first letter lost or misread, and "Total After Rounding" as the final total', () => {
    expect(extractTotal(['Total Sales Incl. GST            100. 62', '[otal After Rounding             100. 60'])).toBe(100.6);
    expect(extractTotal(['Rounding Adjustment                0.02', 'lotal After Rounding              48.95'])).toBe(48.95);
    // A word that merely contains the letters is not TOTAL.
    expect(extractTotal(['KOTA KINABALU 88.00'])).toBeNull();
  });

  it('takes a rounding line with a whole amount as the rounded total whose word TOTAL was lost', () => {
    const lines = ['Total Sales (Inclusive GST) RM 181.98', 'Rounding Adjustment RM     02', 'Rounding RM 182.00', 'CREDIT RM 182.00'];
    expect(extractTotal(lines)).toBe(182);
    // A small adjustment is never the total, nor an adjustment misread as a large one.
    expect(extractTotal(['TOTAL 9.00', 'Rounding 0.02'])).toBe(9);
    expect(extractTotal(['Total Inc. GST 6&7:              738.70', 'Rounding Adjustment:                2.00', 'Final Total        :              733.70'])).toBe(733.7);
  });

  it('reads the tendered amount from the line above the change when OCR garbled its word', () => {
    expect(extractTotal(['GST/TAX 6%       :            RM    4.13', 'TOA:          RM   73. 00', 'CA.   $          RM   73.00', 'CHANGE;          RM    0.00'])).toBe(73);
  });

  it('reads a change line of only zeros as no change', () => {
    expect(extractTotal(['\\ TOTAL 633595', 'CASH    63.35', 'CHANGE 000'])).toBe(63.35);
    expect(extractTotal(['TOTAL RH 12', 'CASH RM 12.50', 'CHANGE RM     .00'])).toBe(12.5);
  });

  it('reads RM misread as RH or RW before an amount that lost its point, and TOTAL with its A read as E', () => {
    expect(findAmounts('Total          RW 88 17')).toEqual([88.17]);
    expect(extractTotal(['Subtotal 90.00', 'iotel After Rounding  85.10'])).toBe(85.1);
    expect(extractTotal(['TOTE BAG 5.00'])).toBeNull();
  });

  it('takes the amount more lines agree on over one misread total line, never a tax amount repeated in its summary', () => {
    // Cash minus change and the item line say 3.90; only the total line says 3.80.
    expect(extractTotal(['90214 7 1X 3.90 3.90', 'Total Incl. GST@GX RM 3.80', 'CASH RM 4.00', 'CHANGE RM 0.10'])).toBe(3.9);
    // The total printed again on the cash line outweighs a first total line whose digit OCR misread.
    expect(extractTotal(['Total (Inclusive of GST): 8.10', 'TOTAL. : 9.10', 'CASH : 9.10'])).toBe(9.1);
    // The tax amount repeated in the tax table below is smaller than half the total: never a rival.
    expect(extractTotal(['SUB-TOTAL (EX) : 52.00', 'TOTAL TAX : 3.12', 'ROUNDING 0.02', 'TOTAL 55.10', 'SR 6.00 52.00 3.12', 'TOTAL: 52.00 3.12'])).toBe(55.1);
    // A plain total repeated (the zero-rated supplies twice) never outweighs the final amount payable.
    expect(extractTotal(['Total 0% supplies: 39.40', 'Total 6% plies (Inc. GST): 13.74', 'Total & supplies: 39.40', 'Total Payable: 53.14'])).toBe(53.14);
    // Agreeing only with itself (one line each), the first total stands.
    expect(extractTotal(['Total Incl. GST 5.80', 'Total 5.90'])).toBe(5.8);
  });

  it('takes a card payment as the total when no total line was read, and a leading dash before cash as a leader', () => {
    expect(extractTotal(['Totd/shfes Jnclusive GST @8.00%: ~~ ""g3 80 16', 'Master Card                      63.80'])).toBe(63.8);
    expect(extractTotal(['Total RM Incl. of GST          Ho', 'Cash                          -50. 00', 'CHANGE                        44. 25'])).toBe(5.75);
    // Cash alone may be more than the amount due: with no change and no total line it is not the total.
    expect(extractTotal(['TOTAL AMOUNT', 'CASH RM 10.00'])).toBeNull();
  });

  it('reads CHANGE with its G misread, and TOTAL read as fotal', () => {
    expect(extractTotal(['Total 13.57', 'Cash 20.00', 'Chanoe 6.43'])).toBe(13.57);
    expect(extractTotal(['TOTAL 50.45', 'Cash 60.00', 'Chanoe 9.55'])).toBe(50.45);
    expect(extractTotal(['fotal Including GST 21.40'])).toBe(21.4);
    expect(extractTotal(['Total Sales (i ctusive of GST)  100.00'])).toBe(100);
  });

  it('takes a SUBTOTAL printed below the tax or rounding line when no total line was read', () => {
    expect(extractTotal(['Gross Amount        40.00', 'Total GST Amt :         2.40', 'Sub Total     :        42.40', '| Total (RM)       Gi)'])).toBe(42.4);
    // Above the tax it is the amount before tax: not the total.
    expect(extractTotal(['SUBTOTAL 40.00', 'GST 6% 2.40'])).toBeNull();
  });
});
