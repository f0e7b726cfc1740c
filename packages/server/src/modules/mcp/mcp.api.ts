/**
 * How MCP tools act: each tool is a call of this site's own HTTP API, made in process (`app.inject`) with the
 * caller's API key, address and language. So a tool passes through exactly what a direct HTTP call passes
 * through — key scope, private-site and maintenance hooks, request validation, per-route rate limits (counted
 * against the caller's address), privileges, the post rate, review queues — and runs the same services; an MCP
 * call can never do what the same key could not do over HTTP (docs/API.md "MCP").
 */
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@quorum/contract';

/** Who a tool call acts as: the bearer key of the MCP request, and where and in which language it came from. */
export interface McpCaller {
  key: string;
  ip: string;
  lang: string;
}

/** An HTTP API call that did not answer 2xx: the Answer envelope's `code`, `reason`, `msg` and field errors. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/** `GET`/`POST` an API path as the caller. */
export type ApiCall = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<T>;

/**
 * A function calling the HTTP API of `app` as `caller`.
 * @returns the envelope's `data` of a 2xx answer
 * @throws ApiCallError for any other answer (its envelope's reason and message, field errors when 400)
 */
export function apiCaller(app: FastifyInstance, caller: McpCaller): ApiCall {
  return async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url,
      remoteAddress: caller.ip,
      headers: {
        authorization: `Bearer ${caller.key}`,
        'accept-language': caller.lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    let env: { reason?: string; msg?: string; data?: unknown } = {};
    try {
      env = res.json();
    } catch {
      // not JSON: reported by status below
    }
    if (res.statusCode >= 200 && res.statusCode < 300) return env.data as T;
    const fields = res.statusCode === 400 && Array.isArray(env.data) ? (env.data as FieldError[]) : [];
    throw new ApiCallError(res.statusCode, env.reason ?? '', env.msg || `HTTP ${res.statusCode}`, fields);
  };
}

/** Builds a query string from defined values. */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}
