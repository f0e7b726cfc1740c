/** The parts of s3rver (a local S3-compatible server, tests only) that the tests use; it ships no types. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves to the bound address and port. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
