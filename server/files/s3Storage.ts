import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkStorageKey, missingKey, type FileStorage } from './fileStorage';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (OSS, MinIO, s3rver); omitted means AWS itself. */
  endpoint?: string;
  region?: string;
  /** Omitted: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key, so several deployments can share a bucket. */
  prefix?: string;
  /** Bucket in the path instead of the host name (most S3-compatible servers want it). */
  forcePathStyle?: boolean;
}

/**
 * Files in S3-compatible object storage (the spec's OSS): downloads may go straight to the store through a
 * presigned GET (`useOss: true`), with the file's type and name as response headers.
 */
export function s3Storage(o: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: o.region ?? 'us-east-1',
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.credentials ? { credentials: o.credentials } : {}),
    forcePathStyle: o.forcePathStyle ?? false,
    // Checksums only where S3 requires them: S3-compatible stores do not all speak the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = o.bucket;
  const keyOf = (key: string): string => (o.prefix ?? '') + checkStorageKey(key);
  return {
    useOss: true,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data }));
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return Buffer.from(await r.Body!.transformToByteArray());
      } catch (error) {
        const e = error as S3ServiceException;
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) throw missingKey(key);
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    presign: (key, p) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: keyOf(key),
          ResponseContentType: p.contentType,
          ResponseContentDisposition: p.contentDisposition,
        }),
        { expiresIn: p.seconds, signingDate: p.signedAt },
      ),
  };
}
