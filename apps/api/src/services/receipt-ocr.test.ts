import { describe, expect, it } from 'vitest';
import { makeLongPdf, makeReceiptPdf } from '../../test/receipt-images.ts';
import { MAX_PDF_PAGES, readPdfText } from './receipt-ocr.ts';

describe('readPdfText', () => {
  it('reads the text layer in a worker thread', async () => {
    const pages = await readPdfText(makeReceiptPdf({ merchant: 'TA MARIJA BAKERY', date: '20/11/2026', items: [{ name: 'Ftira', amount: 12.5 }], total: 12.5 }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('TA MARIJA BAKERY');
  });

  it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages without reading it, and a broken one`, async () => {
    await expect(readPdfText(makeLongPdf(MAX_PDF_PAGES + 1))).rejects.toThrow(`the PDF has ${MAX_PDF_PAGES + 1} pages`);
    expect(await readPdfText(makeLongPdf(MAX_PDF_PAGES))).toHaveLength(MAX_PDF_PAGES);
    await expect(readPdfText(Buffer.from('%PDF-1.4\nnot really\n%%EOF\n'))).rejects.toThrow();
  });
});
