/** Puts the configured storage driver on the instance (local folder by default, S3 with STORAGE=s3). */
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
