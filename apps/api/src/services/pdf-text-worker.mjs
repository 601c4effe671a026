// Reads a PDF's text layer in its own thread (started by readPdfText in receipt-ocr.ts), so a hostile PDF can
// neither block the API's event loop nor grow its heap: the parent caps pages, memory and time.
import { parentPort, workerData } from 'node:worker_threads';
import { extractText, getDocumentProxy } from 'unpdf';

const { pdf, maxPages } = workerData;
const document = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0, isEvalSupported: false });
try {
  if (document.numPages > maxPages) {
    parentPort?.postMessage({ pages: document.numPages });
  } else {
    const { text } = await extractText(document, { mergePages: false });
    parentPort?.postMessage({ pages: document.numPages, text });
  }
} finally {
  await document.destroy();
}
