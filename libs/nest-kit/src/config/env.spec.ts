import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadEnv, serviceEnvSchema } from './env.js';

const valid = {
  PORT: '3002',
  DATABASE_URL: 'postgres://rayworks_cases:pw@127.0.0.1:5432/rayworks',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9094',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_BUCKET: 'rayworks',
  AUTH_JWKS_URL: 'http://127.0.0.1:3001/.well-known/jwks.json',
};

describe('loadEnv', () => {
  it('parses and converts a complete environment', () => {
    const env = loadEnv(serviceEnvSchema, valid);
    expect(env.PORT).toBe(3002);
    expect(env.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', '127.0.0.1:9094']);
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(env.SESSION_IDLE_TIMEOUT_SECONDS).toBe(1800);
  });

  it('names every missing variable', () => {
    const { DATABASE_URL: _d, S3_BUCKET: _b, ...partial } = valid;
    expect(() => loadEnv(serviceEnvSchema, partial)).toThrow(ConfigError);
    try {
      loadEnv(serviceEnvSchema, partial);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'DATABASE_URL is required but not set',
        'S3_BUCKET is required but not set',
      ]);
    }
  });

  it('says what is wrong with a malformed variable', () => {
    const bad = {
      ...valid,
      PORT: '99999',
      KAFKA_BROKERS: 'localhost',
      DATABASE_URL: 'mysql://x@y/z',
      S3_BUCKET: 'Bad_Bucket',
    };
    let problems: string[] = [];
    try {
      loadEnv(serviceEnvSchema, bad);
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/^PORT: /m);
    expect(problems.join('\n')).toMatch(/^KAFKA_BROKERS.*each broker must be host:port/m);
    expect(problems.join('\n')).toMatch(/^DATABASE_URL: /m);
    expect(problems.join('\n')).toMatch(/^S3_BUCKET: must be a valid bucket name/m);
  });

  it('needs where the public keys of the tokens are, and no shared secret', () => {
    const { AUTH_JWKS_URL: _u, ...partial } = valid;
    expect(() => loadEnv(serviceEnvSchema, partial)).toThrow(/AUTH_JWKS_URL is required but not set/);
    expect(loadEnv(serviceEnvSchema, valid)).not.toHaveProperty('AUTH_TOKEN_SECRET');
  });
});

describe('loadEnv in production (NODE_ENV=production)', () => {
  const production = {
    ...valid,
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://rayworks_cases:Qm7v2-Lx9pT4-wZ8s@db.internal:5432/rayworks',
    S3_SECRET_ACCESS_KEY: 'hM3vR8qL2xW9tB6nK4pZ7sC1',
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadEnv(serviceEnvSchema, env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('starts with secrets of its own', () => {
    expect(problemsOf(production)).toEqual([]);
  });

  it('refuses published defaults, short secrets and a database without a password, naming each variable', () => {
    expect(problemsOf({ ...production, S3_SECRET_ACCESS_KEY: 'rayworks-minio-secret' })).toEqual([
      'S3_SECRET_ACCESS_KEY: is a published default or example value; set a secret of your own',
    ]);
    expect(problemsOf({ ...production, S3_SECRET_ACCESS_KEY: 'short-but-mine' })).toEqual([
      'S3_SECRET_ACCESS_KEY: must be at least 16 characters in production',
    ]);
    expect(problemsOf({ ...production, DATABASE_URL: 'postgres://rayworks_cases:rayworks@db:5432/rayworks' })).toEqual([
      'DATABASE_URL (its password): is a published default or example value; set a secret of your own',
    ]);
    expect(problemsOf({ ...production, DATABASE_URL: 'postgres://rayworks_cases@db:5432/rayworks' })).toEqual([
      'DATABASE_URL: has no password; production needs one',
    ]);
  });

  it('lets local runs keep their development values', () => {
    expect(problemsOf({ ...production, NODE_ENV: 'development', S3_SECRET_ACCESS_KEY: 'rayworks-secret-key' })).toEqual(
      [],
    );
  });
});
