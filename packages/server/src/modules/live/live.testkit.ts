/** Test helper: reads a server-sent event stream over real HTTP and waits for events. */
import http from 'node:http';

export interface SseEvent {
  event: string;
  data: any;
}

export interface SseClient {
  status: number;
  events: SseEvent[];
  /** Resolves true when the server ends the response. */
  ended: Promise<boolean>;
  /** Resolves with the first event (already received or coming) that matches, or rejects after `ms`. */
  waitFor(pred: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens `url` (http://host:port/path) with the given headers and parses its events as they arrive. */
export function openStream(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters: { pred: (e: SseEvent) => boolean; done: (e: SseEvent) => void }[] = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!ev || data === undefined) continue;
          const e = { event: ev, data: JSON.parse(data) };
          events.push(e);
          for (const w of [...waiters]) if (w.pred(e)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done(e);
          }
        }
      });
      const ended = new Promise<boolean>((ok) => {
        res.on('end', () => ok(true));
        res.on('close', () => ok(true));
      });
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        waitFor(pred, ms = 3000) {
          const seen = events.find(pred);
          if (seen) return Promise.resolve(seen);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`)), ms);
            waiters.push({ pred, done: (e) => { clearTimeout(timer); ok(e); } });
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
