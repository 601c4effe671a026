/**
 * The camera view that reads a shopper's QR code (issue 13): the rear camera, one frame per animation frame,
 * decoded by the browser's BarcodeDetector or jsqr (frame-decoder.ts). The stream stops when a code is read,
 * when the owner closes it, and when the screen goes away. A refused or missing camera says so plainly.
 */
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { createFrameDecoder } from './frame-decoder.ts';
import '../../../lib/owner-strings.ts';

type CameraProblem = 'denied' | 'missing';

/** Why getUserMedia failed, as the owner can act on it: allow the camera, or type the code. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing';
}

export function QrScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  // The latest callback, so a new render of the parent does not restart the camera.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('missing');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setProblem(cameraProblemOf(error));
        return;
      }
      const element = video.current;
      if (stopped || !element) {
        stop();
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const decode = await createFrameDecoder();
      const read = async () => {
        if (stopped) return;
        const text = element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA ? await decode(element).catch(() => null) : null;
        if (stopped) return;
        if (text) {
          stop();
          onCodeRef.current(text);
          return;
        }
        frame = requestAnimationFrame(() => void read());
      };
      frame = requestAnimationFrame(() => void read());
    }

    void start();
    return stop;
  }, []);

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      {problem ? (
        <Alert>
          <span className="text-base">{t(problem === 'denied' ? 'redeem.cameraDenied' : 'redeem.cameraMissing')}</span>
        </Alert>
      ) : (
        <>
          <p className="text-slate-700">{t('redeem.scanning')}</p>
          <video ref={video} aria-label={t('redeem.cameraView')} muted playsInline className="aspect-square w-full max-w-md rounded-lg bg-black object-cover" />
        </>
      )}
      <Button variant="secondary" onClick={onClose}>
        <X aria-hidden="true" className="size-4" />
        {t('redeem.closeCamera')}
      </Button>
    </div>
  );
}
