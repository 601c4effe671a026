/**
 * The API's zones of eslint.config.js (ADR 020) through ESLint's RuleTester: each zone lets the right imports
 * through and reports a crossing. Run by the API workspace's vitest (apps/api/vitest.config.ts includes it).
 */
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import config from '../eslint.config.js';
import { importBoundaries } from './import-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '..');
const api = (file) => path.join(root, 'apps/api/src', file);

// The zones exactly as `npm run lint` uses them.
const options = config.flatMap((entry) => entry.rules?.['qrib/import-boundaries'] ?? []).find((option) => typeof option === 'object');
if (!options) throw new Error('eslint.config.js configures no qrib/import-boundaries zones');

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });

const valid = (filename, code) => ({ filename: api(filename), code, options: [options] });
const invalid = (filename, code, message) => ({ filename: api(filename), code, options: [options], errors: [{ message }] });

ruleTester.run('import-boundaries (API zones)', importBoundaries, {
  valid: [
    // routes -> a domain's index.ts, kernel, storage, plugins
    valid('routes/api/v1/offers/index.ts', "import { createOffer } from '../../../../domains/offers/index.ts';"),
    valid('routes/api/v1/offers/index.ts', "import { DomainError } from '../../../../kernel/domain-error.ts';"),
    valid('routes/api/v1/offers/index.ts', "import type { SignedInUser } from '../../../../plugins/auth.ts';"),
    // a domain -> its own files, another domain's index.ts, db, kernel, storage
    valid('domains/offers/offers.ts', "import { findOffer } from './repository/offers.ts';"),
    valid('domains/offers/offers.ts', "import { type VendorRow } from '../businesses/index.ts';"),
    valid('domains/offers/offers.ts', "import { offers } from '../../db/schema.ts';"),
    valid('domains/offers/offers.ts', "import { publicUrl } from '../../storage/public-url.ts';"),
    // plugins -> a domain's index.ts, kernel, db, storage
    valid('plugins/auth.ts', "import { createSessionsRepository } from '../domains/accounts/index.ts';"),
    valid('plugins/auth.ts', "import { createStorage } from '../storage/create-storage.ts';"),
    // kernel, db, storage -> each other
    valid('kernel/multipart.ts', "import { type UploadBudget } from './upload-budget.ts';"),
    valid('db/seed.ts', "import { publicUrl } from '../storage/public-url.ts';"),
    // the database's values and drizzle-orm in repositories and db/; their types anywhere
    valid('domains/accounts/repository/users.ts', "import { sql } from 'drizzle-orm';"),
    valid('domains/claims/repository.ts', "import { selectRows } from '../../db/client.ts';"),
    valid('kernel/repository/pending-uploads.ts', "import { sql } from 'drizzle-orm';"),
    valid('db/shopper-visibility.ts', "import { sql } from 'drizzle-orm';"),
    valid('domains/claims/claims.ts', "import type { Db } from '../../db/client.ts';"),
    valid('domains/claims/claims.ts', "import { type SQL } from 'drizzle-orm';"),
    // tests may import anything
    valid('domains/receipts/receipt-ocr.test.ts', "import { sql } from 'drizzle-orm'; import { x } from '../trust/repository/admin.ts';"),
  ],
  invalid: [
    invalid(
      'routes/api/v1/offers/index.ts',
      "import { createOffer } from '../../../../domains/offers/offers.ts';",
      'Routes reach a domain only through its index.ts: re-export what the route needs there by name. (../../../../domains/offers/offers.ts)',
    ),
    invalid(
      'domains/offers/offers.ts',
      "import type { VendorRow } from '../businesses/repository/vendors.ts';",
      "A domain reaches another domain only through that domain's index.ts: re-export what it needs there by name. (../businesses/repository/vendors.ts)",
    ),
    invalid(
      'domains/receipts/receipts.ts',
      "import type { SignedInUser } from '../../plugins/auth.ts';",
      'Domains never import routes/ or plugins/: move what both need to kernel/. (../../plugins/auth.ts)',
    ),
    invalid(
      'domains/offers/index.ts',
      "import health from '../../routes/health.ts';",
      'Domains never import routes/ or plugins/: move what both need to kernel/. (../../routes/health.ts)',
    ),
    invalid(
      'plugins/auth.ts',
      "import { createSessionsRepository } from '../domains/accounts/repository/sessions.ts';",
      'Plugins reach a domain only through its index.ts: re-export what the plugin needs there by name. (../domains/accounts/repository/sessions.ts)',
    ),
    invalid('plugins/auth.ts', "import health from '../routes/health.ts';", 'Plugins never import routes/. (../routes/health.ts)'),
    invalid(
      'kernel/multipart.ts',
      "import type { RequestUploads } from '../plugins/uploads.ts';",
      'kernel/, db/ and storage/ import no domain, route or plugin: they are the layer below. (../plugins/uploads.ts)',
    ),
    invalid(
      'db/seed.ts',
      "import { createOffer } from '../domains/offers/index.ts';",
      'kernel/, db/ and storage/ import no domain, route or plugin: they are the layer below. (../domains/offers/index.ts)',
    ),
    invalid(
      'domains/accounts/account-access.ts',
      "import { sql } from 'drizzle-orm';",
      'The database and drizzle-orm (sql, eq, ...) are reached only from repository.ts, repository/ or db/: `import type` is fine anywhere. (drizzle-orm)',
    ),
    invalid(
      'domains/claims/claims.ts',
      "import { isUniqueViolation, type Db } from '../../db/client.ts';",
      'The database and drizzle-orm (sql, eq, ...) are reached only from repository.ts, repository/ or db/: `import type` is fine anywhere. (../../db/client.ts)',
    ),
    invalid(
      'storage/public-url.ts',
      "export { sql } from 'drizzle-orm';",
      'The database and drizzle-orm (sql, eq, ...) are reached only from repository.ts, repository/ or db/: `import type` is fine anywhere. (drizzle-orm)',
    ),
  ],
});
