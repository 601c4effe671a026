/**
 * The period's CSV (issue 28 §5): a UTF-8 byte-order mark (so spreadsheet programs read the offers' titles as UTF-8),
 * a header row of INSIGHTS_EXPORT_COLUMNS, then a row per Malta day and offer (repository/offer-figures.ts), written as
 * they are read. A cell that a spreadsheet would take for a formula (beginning with =, +, -, @, a tab or a carriage
 * return, or their full-width forms) is neutralised with a leading single quote (csv-stringify's `escape_formulas`):
 * an offer's title is the shop's own text, and a file opened in Excel must not run it.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { INSIGHTS_EXPORT_COLUMNS } from '@qrib/shared';
import type { OfferFiguresRepository } from './repository/offer-figures.ts';

/**
 * A readable stream of the CSV's bytes. If a read fails midway the stream ends with the error (the download is cut,
 * never passed off as whole) and `onError` hears of it; a download abandoned by the client is not an error.
 */
export function streamInsightsExport(
  offerFigures: OfferFiguresRepository,
  { vendorId, from, to }: { vendorId: number; from: string; to: string },
  onError: (error: Error) => void,
): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...INSIGHTS_EXPORT_COLUMNS],
    escape_formulas: true,
    // RFC 4180's line ends, which every spreadsheet reads; a cell holding a line break of any kind is quoted (with a
    // record_delimiter given, csv-stringify would otherwise quote only a CRLF, and a lone LF in a title split the row).
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
  // pipeline passes the stringifier's wish to wait (backpressure) back to the reads, and stops them if the download
  // is abandoned.
  pipeline(Readable.from(offerFigures.daysOfPeriod(vendorId, from, to)), csv, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(error);
  });
  return csv;
}
