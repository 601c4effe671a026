import { describe, expect, it } from 'vitest';
import { makeProgramDrawnReceipt, makeReceiptPhoto, type ReceiptContent } from '../../../test/receipt-images.ts';
import { processReceiptImage } from '../../kernel/images.ts';
import { imageSignals, measureSignals } from './receipt-image-signals.ts';

const content: ReceiptContent = {
  merchant: "JOSEPH'S PASTIZZERIA",
  date: '27/11/2026 10:15',
  items: [
    { name: 'Pastizz', amount: 3.6 },
    { name: 'Coffee', amount: 1.2 },
  ],
  total: 4.8,
};

/** What the verifier measures: the file as the upload stored it (re-encoded, metadata gone). */
async function storedSignals(file: Buffer) {
  return imageSignals((await processReceiptImage(file, 'receiptFileWrongType')).body);
}

describe('signs of a physical document', () => {
  it('finds them in a photo of paper (grain, uneven light, slight rotation)', async () => {
    const signals = await storedSignals(await makeReceiptPhoto(content));
    expect(signals.flatShare).toBeLessThan(0.1);
    expect(signals.isPhysical).toBe(true);
  });

  it('finds none in receipts a program drew, as PNG or JPEG at quality 70 to 95, straight or rotated, any resolution', async () => {
    const variants: Parameters<typeof makeProgramDrawnReceipt>[2][] = [
      {},
      { quality: 70 },
      { quality: 95 },
      { rotate: 1.5 },
      { rotate: -2, background: '#ffffff' },
      { density: 96, quality: 75 },
      { density: 72, rotate: 1, background: '#ffffff' },
    ];
    for (const format of ['png', 'jpeg'] as const) {
      for (const options of variants) {
        const signals = await storedSignals(await makeProgramDrawnReceipt(content, format, options));
        expect(signals, `${format} ${JSON.stringify(options)}`).toMatchObject({ isPhysical: false, specks: 0 });
        expect(signals.flatShare).toBeGreaterThan(0.88);
        expect(signals.roughness).toBeLessThan(0.016);
      }
    }
  });

  it('counts isolated dust specks and ragged edges as physical, on raw pixels', () => {
    const width = 200;
    const height = 200;
    const page = new Uint8Array(width * height).fill(255);
    // A clean drawn bar of ink: flat and smooth, no sign.
    for (let y = 20; y < 40; y += 1) for (let x = 20; x < 180; x += 1) page[y * width + x] = 0;
    expect(measureSignals(page, width, height).isPhysical).toBe(false);
    // Dust: single dark pixels far from anything else.
    for (const [x, y] of [[100, 100], [150, 150], [60, 160], [160, 80]] as const) page[y * width + x] = 20;
    expect(measureSignals(page, width, height)).toMatchObject({ specks: 4, isPhysical: true });
  });
});
