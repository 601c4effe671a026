/**
 * A file input with previews of the chosen files and a button to remove each before sending. The parent owns
 * the list (so it can filter, cap and reset it); object URLs are released when previews go away.
 */
import { FileText, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilePickerProps {
  label: string;
  hint?: string;
  accept: string;
  files: File[];
  onAdd: (added: File[]) => void;
  onRemove: (index: number) => void;
  error?: string | undefined;
  multiple?: boolean;
}

export function FilePicker({ label, hint, accept, files, onAdd, onRemove, error, multiple = true }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onAdd(Array.from(event.target.files ?? []));
          // The same file can be picked again after it was removed.
          event.target.value = '';
        }}
        className="block min-h-11 w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FilePreviewList label={label} files={files} onRemove={onRemove} />
    </div>
  );
}

/**
 * Previews of chosen files, each with a button to remove it: a thumbnail for an image, an icon and the name
 * otherwise (a PDF). Object URLs are released when the previews go away.
 */
export function FilePreviewList({ label, files, onRemove, nonImageLabel }: { label: string; files: File[]; onRemove: (index: number) => void; nonImageLabel?: (name: string) => string }) {
  const { t } = useTranslation();
  const previews = useMemo(() => files.map((file) => (file.type.startsWith('image/') ? URL.createObjectURL(file) : '')), [files]);
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label={label}>
      {files.map((file, index) => (
        <li key={`${file.name}-${file.size}-${index}`} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          {previews[index] ? (
            <img src={previews[index]} alt={t('upload.previewOf', { name: file.name })} className="aspect-square w-full object-cover" />
          ) : (
            <div className="flex aspect-square flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-700">
              <FileText aria-hidden="true" className="size-8" />
              <span className="line-clamp-2 break-all">{nonImageLabel ? nonImageLabel(file.name) : file.name}</span>
            </div>
          )}
          <button
            type="button"
            onClick={() => onRemove(index)}
            aria-label={t('upload.removeFile', { name: file.name })}
            className="absolute end-1 top-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-red-50 hover:text-red-700"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
