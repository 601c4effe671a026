import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { normalizeClaimCode } from '@qrib/shared/claim-constants';
import { readQrFromPixels } from './frame-decoder.ts';
import { cameraProblemOf } from './qr-scanner.tsx';

/** A QR code of `text` as RGBA pixels (what a canvas gives), each module `scale` pixels, with a 4-module quiet zone. */
function qrPixels(text: string, scale = 4): { pixels: Uint8ClampedArray; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = (modules.size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y += 1) {
        for (let x = 0; x < scale; x += 1) {
          const offset = (((row + quiet) * scale + y) * size + (column + quiet) * scale + x) * 4;
          pixels[offset] = 0;
          pixels[offset + 1] = 0;
          pixels[offset + 2] = 0;
        }
      }
    }
  }
  return { pixels, size };
}

describe('reading a code’s QR without BarcodeDetector (jsqr)', () => {
  it('reads the bare code a shopper’s screen shows', () => {
    const { pixels, size } = qrPixels('AB3DEF7H');
    expect(readQrFromPixels(jsQR, pixels, size, size)).toBe('AB3DEF7H');
  });

  it('reads a code as scanned even at another size, and the till normalizes what it reads', () => {
    const { pixels, size } = qrPixels('ab3d-ef7h', 7);
    const text = readQrFromPixels(jsQR, pixels, size, size);
    expect(text).toBe('ab3d-ef7h');
    expect(normalizeClaimCode(text ?? '')).toBe('AB3DEF7H');
  });

  it('answers null for a frame without a QR code', () => {
    const size = 120;
    expect(readQrFromPixels(jsQR, new Uint8ClampedArray(size * size * 4).fill(255), size, size)).toBeNull();
  });
});

describe('cameraProblemOf', () => {
  it('tells a refused camera from a missing one', () => {
    expect(cameraProblemOf(new DOMException('denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('insecure', 'SecurityError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('none', 'NotFoundError'))).toBe('missing');
    expect(cameraProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('missing');
  });
});
