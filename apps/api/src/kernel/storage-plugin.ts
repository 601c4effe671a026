/** The kernel's storage on the instance (`app.storage`): the configured driver (local folder by default, S3 with STORAGE=s3), or the one a test gives. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, type StorageConfig } from '../storage/create-storage.ts';
import type { Storage } from '../storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance, options: { storage: StorageConfig | Storage }) {
    app.decorate('storage', 'put' in options.storage ? options.storage : createStorage(options.storage));
  },
  { name: 'storage' },
);
