/** Picks the storage driver named by the configuration (local folder by default, S3 when STORAGE=s3). */
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type StorageConfig = { driver: 'local'; rootDir: string } | ({ driver: 's3' } & S3StorageOptions);

export function createStorage(config: StorageConfig): Storage {
  switch (config.driver) {
    case 'local':
      return createLocalStorage(config.rootDir);
    case 's3': {
      const { driver: _driver, ...options } = config;
      return createS3Storage(options);
    }
  }
}
