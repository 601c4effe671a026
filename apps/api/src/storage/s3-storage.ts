/** The S3-compatible storage driver (STORAGE=s3): AWS S3, MinIO, R2 and the like, one bucket per deployment. */
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
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

    async list(prefix, { modifiedBefore } = {}) {
      const folder = toFolderPrefix(prefix);
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined) continue;
          if (modifiedBefore && !(object.LastModified && object.LastModified < modifiedBefore)) continue;
          keys.push(object.Key);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken !== undefined);
      return keys.sort();
    },

    async removeTemporary(olderThan) {
      // PutObject is all or nothing; only a multipart upload (a large streamed put) leaves parts behind when its
      // writer dies, billed until aborted. Stores that cannot list them (some S3 look-alikes) have none to show.
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
        } catch (error) {
          if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (upload.Key === undefined || upload.UploadId === undefined) continue;
          if (!(upload.Initiated && upload.Initiated < olderThan)) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker !== undefined);
      return removed;
    },
  };
}
