/** The S3-compatible storage driver (STORAGE=s3): AWS S3, MinIO, R2 and the like, one bucket per deployment. */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, toFolderPrefix, type Storage, type StoredObject } from './storage.ts';

export interface S3StorageOptions {
  /** Unset for AWS itself; the URL of the service for S3-compatible stores. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path instead of the host name, which most self-hosted stores need. */
  forcePathStyle: boolean;
}

/**
 * A missing object: GetObject says NoSuchKey; HeadObject has no body, so the SDK can only name the status.
 * A missing bucket (NoSuchBucket) is a configuration error and must not read as "no such object".
 */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });

  return {
    driver: 's3',

    async put(key, body, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },

    async get(key): Promise<StoredObject | undefined> {
      assertValidKey(key);
      let response;
      try {
        response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
      const body = response.Body;
      // On Node the SDK's body is always an http.IncomingMessage; anything else means a browser-style runtime.
      if (!(body instanceof Readable)) {
        throw new Error(`S3 returned no readable body for ${key}`);
      }
      if (response.ContentLength === undefined) {
        body.destroy();
        throw new Error(`S3 returned no size for ${key}`);
      }
      return {
        body,
        contentType: response.ContentType ?? 'application/octet-stream',
        byteSize: response.ContentLength,
      };
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a missing key too, which is exactly the contract.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async list(prefix) {
      const folder = toFolderPrefix(prefix);
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined) keys.push(object.Key);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken !== undefined);
      return keys.sort();
    },
  };
}
