// Reads a PDF's text layer in a child process of its own (started by readPdfText in receipt-ocr.ts, which
// watches its memory and time and kills it past either limit). Before unpdf sees the file, every stream that
// is zlib data is inflated here with a bound per stream and in total: a stream that would inflate past the
// bound (a compression bomb: 2 MB that inflate to gigabytes) makes the PDF unreadable. Plain JavaScript, so
// the child starts with bare `node` and no TypeScript loader.
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';

const STREAM_KEYWORD = Buffer.from('stream', 'latin1');
const END_KEYWORD = Buffer.from('end', 'latin1');
const CR = 0x0d;
const LF = 0x0a;

/**
 * Inflates, and drops, every stream of the file that starts as zlib data (whatever its dictionary says: a
 * filter may be an indirect object or a name written with #-escapes), from its first byte to wherever the zlib
 * data ends, so at least as much as pdf.js would inflate from it. Data that is not zlib (another filter, none)
 * is left to pdf.js; a truncated stream counts with what it gives.
 * Returns a sentence saying why the PDF is refused, or null.
 */
function findOversizedStream(pdf, maxStreamBytes, maxTotalBytes) {
  let total = 0;
  let from = 0;
  for (;;) {
    const at = pdf.indexOf(STREAM_KEYWORD, from);
    if (at < 0) return null;
    from = at + STREAM_KEYWORD.length;
    if (at >= END_KEYWORD.length && pdf.subarray(at - END_KEYWORD.length, at).equals(END_KEYWORD)) continue;
    // As pdf.js does: the data starts after the end of the keyword's line (CR LF, LF or CR).
    let start = from;
    while (start < pdf.length && pdf[start] !== LF && pdf[start] !== CR) start += 1;
    if (pdf[start] === CR) start += 1;
    if (pdf[start] === LF) start += 1;
    const bound = Math.max(1, Math.min(maxStreamBytes, maxTotalBytes - total));
    let inflated;
    try {
      inflated = inflateSync(pdf.subarray(start), { maxOutputLength: bound, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    } catch (error) {
      if (error?.code === 'ERR_BUFFER_TOO_LARGE') {
        return bound === maxStreamBytes
          ? `a stream of the PDF inflates to more than ${maxStreamBytes} bytes`
          : `the streams of the PDF inflate to more than ${maxTotalBytes} bytes`;
      }
      continue;
    }
    total += inflated.length;
  }
}

process.once('message', async ({ pdf, maxPages, maxStreamBytes, maxTotalBytes }) => {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  try {
    const oversized = findOversizedStream(bytes, maxStreamBytes, maxTotalBytes);
    if (oversized) {
      process.send({ error: oversized });
      return;
    }
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
    try {
      if (document.numPages > maxPages) {
        process.send({ error: `the PDF has ${document.numPages} pages` });
      } else {
        const { text } = await extractText(document, { mergePages: false });
        process.send({ pages: text });
      }
    } finally {
      await document.destroy();
    }
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});
