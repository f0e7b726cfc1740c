/**
 * Load generator of the traffic benchmark (bench/traffic.ts), run as a child process so it never shares an event
 * loop with the server under test. Reads a {@link Scenario} as JSON from the file named by argv[2], drives
 * autocannon with a request generator of that kind, and prints autocannon's result as JSON on stdout.
 *
 * Logged-in reads are made as one of Scenario.readerTokens at random (a page's calls as one reader), writes as
 * Scenario.token.
 *
 * Kinds (every random choice is seeded, so two runs of a scenario send the same requests):
 *   fixed        one path again and again (the raw baseline, the micro-cached page)
 *   ssr          GET /questions/<id>/<slug>, Zipf popularity (s = 1.1) over every question
 *   ssr-miss     the same with a query parameter of its own on every request (a cache-buster the page does not read)
 *   info         logged-in GET /question/info?id=<Zipf id>
 *   answers      logged-in GET /answer/page of a Zipf question (first page of 20, default order)
 *   page-calls   logged-in: the 9 calls a question page makes, in turn, all 9 for one Zipf question (a page at a time)
 *   page-call    one of those 9 (Scenario.call, an index into PAGE_CALLS), for Zipf questions
 *   list         GET /question/page: random page 1-50 (skewed to the first), random order, a tag filter half the time
 *   search       GET /search with the search benchmark's query mix (1-3 words, Chinese, very common words)
 *   mixed        95% reads (ssr 40%, info 20%, answers 20%, list 15%) and 5% logged-in writes (answers, comments, votes)
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { rng } from './lib.js';

export type ScenarioKind = 'fixed' | 'ssr' | 'ssr-miss' | 'info' | 'answers' | 'page-calls' | 'page-call' | 'list' | 'search' | 'mixed';

/** The question page's logged-in API calls, in the order `page-calls` makes them (`page-call` takes one by index). */
export const PAGE_CALLS = ['question/info', 'answer/page', 'comment/batch', 'meta/reaction/batch', 'question/link', 'question/similar/tag', 'user/info', 'permission', 'notification/status'] as const;

export interface Scenario {
  kind: ScenarioKind;
  /** http://127.0.0.1:port (no trailing slash) */
  base: string;
  /** For `fixed`: the path with query. */
  path?: string;
  connections: number;
  seconds: number;
  /** Question ids, most popular first (rank 1 = index 0). */
  questionIds: string[];
  /** Canonical page paths of the same questions, in the same order. */
  questionPaths: string[];
  tags: string[];
  queries: string[];
  /** Access token of the writing member (Authorization header): the writes of `mixed`. */
  token?: string;
  /**
   * Access tokens of the logged-in readers: each logged-in read (a page's 9 calls together) is made as one of them,
   * drawn at random; without them, as `token`.
   */
  readerTokens?: string[];
  /** Questions the member has not answered yet (one answer per member and question); `mixed` answers them in turn. */
  answerTargets: string[];
  /** Where in `answerTargets` this run starts, so runs on one site never answer a question twice. */
  writeOffset?: number;
  /** Seed of the random choices; also offsets the questions that get new answers in `mixed`. */
  seed: number;
  /** For `page-call`: which of PAGE_CALLS. */
  call?: number;
}


/**
 * Sampler of ranks 0..n-1 with Zipf popularity: P(rank k) proportional to 1 / (k+1)^s.
 * @returns a function drawing one rank per call (binary search over the cumulative distribution)
 */
export function zipf(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / Math.pow(k + 1, s);
    cdf[k] = sum;
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Req {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The request generator of a scenario: one call returns the next request. */
export function generator(sc: Scenario): () => Req {
  const random = rng(sc.seed);
  const rank = zipf(sc.questionIds.length, 1.1, random);
  const qid = () => sc.questionIds[rank()]!;
  const qpath = () => sc.questionPaths[rank()]!;
  const auth = sc.token ? { authorization: sc.token } : undefined;
  const json = { ...auth, 'content-type': 'application/json' };
  // The reader of the next logged-in reads, drawn from its own sequence so the questions drawn stay those of
  // earlier runs with the same seed.
  const readers = sc.readerTokens?.length ? sc.readerTokens.map((t) => ({ authorization: t })) : auth ? [auth] : [];
  const readerRandom = rng(sc.seed ^ 0x5eed);
  let reader = readers[0];
  const nextReader = () => {
    if (readers.length) reader = readers[Math.floor(readerRandom() * readers.length)];
  };
  const api = '/answer/api/v1';
  const get = (path: string, withAuth = true): Req => ({ method: 'GET', path, headers: withAuth ? reader : undefined });
  const orders = ['newest', 'active', 'score', 'unanswered'];
  const list = (): Req => {
    const page = 1 + Math.floor(50 * Math.pow(random(), 3));
    const tag = random() < 0.5 ? `&tag=${encodeURIComponent(sc.tags[Math.floor(random() * sc.tags.length)]!)}` : '';
    return get(`${api}/question/page?page=${page}&page_size=20&order=${orders[Math.floor(random() * orders.length)]}${tag}`, false);
  };
  const ssr = (): Req => get(qpath(), false);
  let misses = 0;
  const ssrMiss = (): Req => get(`${qpath()}?miss=${sc.seed}-${++misses}`, false);
  // The calls of one question page, for question `id`.
  const pageCallsOf: ((id: string) => Req)[] = [
    (id) => get(`${api}/question/info?id=${id}`),
    (id) => get(`${api}/answer/page?question_id=${id}&order=default&page=1&page_size=20`),
    (id) => get(`${api}/comment/batch?object_ids=${id}&page_size=3`),
    (id) => get(`${api}/meta/reaction/batch?object_ids=${id}`),
    (id) => get(`${api}/question/link?question_id=${id}&page=1&page_size=5`),
    (id) => get(`${api}/question/similar/tag?question_id=${id}&page_size=5`),
    () => get(`${api}/user/info`),
    () => get(`${api}/permission?action=question.invite`),
    () => get(`${api}/notification/status`),
  ];
  const info = (): Req => {
    nextReader();
    return pageCallsOf[0]!(qid());
  };
  const answers = (): Req => {
    nextReader();
    return pageCallsOf[1]!(qid());
  };
  let call = 0;
  let pageQuestion = '';
  // Writes: each new answer goes to a question this member has not answered yet (one answer per member and
  // question); votes go to questions of other members (voting again is accepted and changes nothing).
  let nextAnswer = sc.writeOffset ?? 0;
  let nextVote = (sc.seed * 104729 + 1) % sc.questionIds.length;
  let writes = 0;
  const write = (): Req => {
    writes++;
    const kind = writes % 3;
    if (kind === 0) {
      const question_id = sc.answerTargets[nextAnswer++ % sc.answerTargets.length]!;
      return { method: 'POST', path: `${api}/answer`, headers: json, body: JSON.stringify({ question_id, content: `A benchmark answer number ${writes} with enough words to pass the length check.` }) };
    }
    if (kind === 1) {
      return { method: 'POST', path: `${api}/comment`, headers: json, body: JSON.stringify({ object_id: qid(), original_text: `Benchmark comment ${writes}, long enough to be accepted.` }) };
    }
    const object_id = sc.questionIds[nextVote++ % sc.questionIds.length]!;
    return { method: 'POST', path: `${api}/vote/up`, headers: json, body: JSON.stringify({ object_id, is_cancel: false }) };
  };
  switch (sc.kind) {
    case 'fixed':
      return () => get(sc.path!, false);
    case 'ssr':
      return ssr;
    case 'ssr-miss':
      return ssrMiss;
    case 'info':
      return info;
    case 'answers':
      return answers;
    case 'page-calls':
      // A page at a time: its 9 calls for one Zipf question, as a reader's page makes them.
      return () => {
        if (call % pageCallsOf.length === 0) {
          pageQuestion = qid();
          nextReader();
        }
        return pageCallsOf[call++ % pageCallsOf.length]!(pageQuestion);
      };
    case 'page-call': {
      const one = pageCallsOf[sc.call ?? 0]!;
      return () => {
        nextReader();
        return one(qid());
      };
    }
    case 'list':
      return list;
    case 'search':
      return () => get(`${api}/search?q=${encodeURIComponent(sc.queries[Math.floor(random() * sc.queries.length)]!)}&order=relevance&page=1&size=20`, false);
    case 'mixed':
      return () => {
        const x = random();
        if (x < 0.05) return write();
        if (x < 0.45) return ssr();
        if (x < 0.65) return info();
        if (x < 0.85) return answers();
        return list();
      };
  }
}

/** Runs the scenario; resolves with autocannon's result. */
export function runScenario(sc: Scenario): Promise<autocannon.Result> {
  const next = generator(sc);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: sc.base,
        connections: sc.connections,
        duration: sc.seconds,
        requests: [
          {
            setupRequest: (req) => {
              const r = next();
              return { ...req, method: r.method as autocannon.Request['method'], path: r.path, headers: r.headers ?? {}, body: r.body };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

if (process.argv[2]) {
  const sc = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Scenario;
  runScenario(sc).then(
    (r) => process.stdout.write(JSON.stringify(r)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
