import { describe, expect, it } from 'vitest';
import { makeLongPdf, makePdfBomb, makeReceiptPdf } from '../../../test/receipt-images.ts';
import { MAX_PDF_PAGES, MAX_PDF_READER_RSS_BYTES, MAX_PDF_STREAM_BYTES, readPdfText } from './receipt-ocr.ts';

describe('readPdfText', () => {
  it('reads the text layer in a child process', async () => {
    const pages = await readPdfText(makeReceiptPdf({ merchant: 'TA MARIJA BAKERY', date: '20/11/2026', items: [{ name: 'Ftira', amount: 12.5 }], total: 12.5 }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('TA MARIJA BAKERY');
  });

  it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages without reading it, and a broken one`, async () => {
    await expect(readPdfText(makeLongPdf(MAX_PDF_PAGES + 1))).rejects.toThrow(`the PDF has ${MAX_PDF_PAGES + 1} pages`);
    expect(await readPdfText(makeLongPdf(MAX_PDF_PAGES))).toHaveLength(MAX_PDF_PAGES);
    await expect(readPdfText(Buffer.from('%PDF-1.4\nnot really\n%%EOF\n'))).rejects.toThrow();
  });

  it('refuses a PDF bomb (2 MB whose one Flate stream inflates to 2 GiB) before pdf.js sees it', async () => {
    const bomb = makePdfBomb();
    expect(bomb.length).toBeLessThan(3 * 2 ** 20);
    await expect(readPdfText(bomb)).rejects.toThrow(`a stream of the PDF inflates to more than ${MAX_PDF_STREAM_BYTES} bytes`);
  });

  it('kills the reader when a bomb it cannot see (zlib data hex-encoded first) grows it past its memory limit', async () => {
    await expect(readPdfText(makePdfBomb(2 ** 31, { hexEncoded: true }))).rejects.toThrow(`reading the PDF took more than ${MAX_PDF_READER_RSS_BYTES / 2 ** 20} MB`);
  });

  it('leaves this process within 100 MB of where it was after ten bombs, and still reads a receipt', async () => {
    const bomb = makePdfBomb();
    const receipt = makeReceiptPdf({ merchant: 'TA MARIJA BAKERY', date: '20/11/2026', items: [{ name: 'Ftira', amount: 12.5 }], total: 12.5 });
    await readPdfText(receipt);
    const before = process.memoryUsage().rss;
    for (let index = 0; index < 10; index += 1) await expect(readPdfText(bomb)).rejects.toThrow();
    const after = process.memoryUsage().rss;
    expect((after - before) / 2 ** 20).toBeLessThan(100);
    expect((await readPdfText(receipt))[0]).toContain('TA MARIJA BAKERY');
  });
});
