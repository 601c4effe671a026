/**
 * Spec §2.4: 'Select Upload Option' with Use Camera (the rear camera, `capture="environment"`), Choose from
 * Gallery (photos or PDF, several at once) and Cancel.
 */
import { Camera, Images } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

export function UploadOptionsDialog({ accept, onFiles, onClose }: { accept: string; onFiles: (files: File[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // The same file can be chosen again after it was removed.
    input.value = '';
    onClose();
    onFiles(files);
  };
  // The inputs stay hidden: the two buttons open them (a file input cannot be styled as a button).
  return (
    <Modal title={t('receipts.optionsTitle')} closeLabel={t('receipts.close')} onClose={onClose}>
      <div className="grid gap-3">
        <Button variant="secondary" onClick={() => camera.current?.click()} className="justify-start py-3">
          <Camera aria-hidden="true" className="size-5" />
          {t('receipts.useCamera')}
        </Button>
        <Button variant="secondary" onClick={() => gallery.current?.click()} className="justify-start py-3">
          <Images aria-hidden="true" className="size-5" />
          {t('receipts.chooseGallery')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('receipts.cancel')}
        </Button>
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="receipt-camera-input"
        onChange={(event) => take(event.currentTarget)}
      />
      <input
        ref={gallery}
        type="file"
        accept={accept}
        multiple
        hidden
        data-testid="receipt-gallery-input"
        onChange={(event) => take(event.currentTarget)}
      />
    </Modal>
  );
}
