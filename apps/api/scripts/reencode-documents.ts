/**
 * One-off: encodes again every registration document image stored before uploads were (issue 10): no EXIF or
 * GPS, nothing appended, long side at most 4000 px; rows get the new storage_key, byte_size and sha256.
 * Uses the server's configuration (DATABASE_URL or the embedded database under DATA_DIR; STORAGE local or
 * s3). With the embedded database, stop the server first (one process at a time opens it). Safe to run again.
 * Run: npm run documents:reencode
 */
import { loadConfigOrExit } from '../src/config.ts';
import { databaseSourceFor, openDatabase } from '../src/db/client.ts';
import { reencodeStoredDocuments } from '../src/domains/businesses/document-reencoding.ts';
import { createStorage } from '../src/storage/create-storage.ts';

const config = loadConfigOrExit();

const database = await openDatabase(databaseSourceFor(config));
try {
  const report = await reencodeStoredDocuments(database.db, createStorage(config.storage), (line) => console.log(line));
  console.log(
    `documents encoded again: ${report.reencoded}; already clean: ${report.alreadyClean}; not images: ${report.notImages}; ` +
      `missing files: ${report.missing}; not decodable: ${report.unreadable}`,
  );
} finally {
  await database.close();
}
