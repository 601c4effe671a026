/**
 * Reading a QR code from the camera (issue 13): the browser's own `BarcodeDetector` where it has one (Chrome on
 * Android, Safari), else `jsqr` on a downscaled canvas copy of the frame. Both answer the code's text or null.
 */
import type jsQRFunction from 'jsqr';

type JsQR = typeof jsQRFunction;

/** Reads one video frame; null when it holds no readable QR code. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The frame is scaled down to at most this width before jsqr reads it: enough for a code held up to the camera. */
export const SCAN_WIDTH = 480;

/** A QR code's text in an RGBA image (a canvas's ImageData), by jsqr; null when none can be read. */
export function readQrFromPixels(jsQR: JsQR, pixels: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

function canvasDecoder(jsQR: JsQR): FrameDecoder {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, SCAN_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return readQrFromPixels(jsQR, image.data, image.width, image.height);
  };
}

/** The best decoder this browser offers; jsqr's code is fetched only where it is needed. */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  const native = await nativeDetector();
  if (native) {
    return async (video) => {
      const [first] = await native.detect(video);
      return first?.rawValue ?? null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  return canvasDecoder(jsQR);
}
