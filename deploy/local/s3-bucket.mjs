// Create the bucket S3_BUCKET at S3_ENDPOINT if it does not exist (idempotent).
//   node deploy/local/s3-bucket.mjs
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const endpoint = process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9000';
const bucket = process.env.S3_BUCKET ?? 'rayworks';
const s3 = new S3Client({
  endpoint,
  region: process.env.S3_REGION ?? 'us-east-1',
  forcePathStyle: true,
  credentials: {
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rayworks',
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rayworks-secret-key',
  },
  maxAttempts: 3,
});

const status = (error) => error?.$metadata?.httpStatusCode;

try {
  await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  console.log(`bucket ${bucket} exists`);
} catch (error) {
  if (status(error) !== 404 && error?.name !== 'NotFound' && error?.name !== 'NoSuchBucket') {
    console.error(
      `HEAD bucket ${bucket} at ${endpoint} failed: ${error?.name ?? ''} ${error?.message ?? error} (HTTP ${status(error) ?? '-'})`,
    );
    process.exit(1);
  }
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    console.log(`bucket ${bucket} created`);
  } catch (createError) {
    // another process created it in between
    if (createError?.name === 'BucketAlreadyOwnedByYou') {
      console.log(`bucket ${bucket} exists`);
    } else {
      console.error(
        `creating bucket ${bucket} at ${endpoint} failed: ${createError?.name ?? ''} ${createError?.message ?? createError}`,
      );
      process.exit(1);
    }
  }
}
