/** A business's documents or a receipt's files: images shown as thumbnails that open full size, PDFs as links. */
import { FileText } from 'lucide-react';

export function FileThumbs({ files, labelOf }: { files: { id: number; contentType: string; url: string }[]; labelOf: (number: number) => string }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-3">
      {files.map((file, index) => (
        <li key={file.id}>
          {file.contentType.startsWith('image/') ? (
            <a href={file.url} target="_blank" rel="noreferrer" className="block rounded-lg border border-slate-300 hover:opacity-90">
              <img src={file.url} alt={labelOf(index + 1)} loading="lazy" className="h-24 w-24 rounded-lg object-cover" />
            </a>
          ) : (
            <a
              href={file.url}
              target="_blank"
              rel="noreferrer"
              className="flex h-24 w-24 flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 px-2 text-center text-xs font-medium text-brand-800 underline hover:bg-slate-50"
            >
              <FileText aria-hidden="true" className="size-6" />
              {labelOf(index + 1)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
