/**
 * Days and weeks in the site's interface time zone (settings `interface.time_zone`, an IANA name): the digests'
 * periods. A week starts on Monday at 00:00 local time; daylight-saving changes are honoured (a day may last 23
 * or 25 hours).
 */

/** A period: `[start, end)` in unix seconds and its key, the local date of its first day (`YYYY-MM-DD`). */
export interface Period {
  start: number;
  end: number;
  key: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function fmt(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock fields of an instant (ms) in a zone. */
function wall(tz: string, ms: number): { y: number; m: number; d: number; hh: number; mm: number; ss: number } {
  const p = Object.fromEntries(fmt(tz).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), hh: Number(p.hour) % 24, mm: Number(p.minute), ss: Number(p.second) };
}

/** The zone's offset from UTC at an instant, in ms (local wall clock minus UTC). */
function offsetAt(tz: string, ms: number): number {
  const w = wall(tz, ms);
  return Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss) - Math.floor(ms / 1000) * 1000;
}

/** The instant (unix seconds) of local midnight starting the date y-m-d in a zone. */
function localMidnight(tz: string, y: number, m: number, d: number): number {
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - offsetAt(tz, guess);
  t = guess - offsetAt(tz, t);
  return Math.floor(t / 1000);
}

const key = (y: number, m: number, d: number): string => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A zone name that Intl knows, else 'UTC'. */
export function safeZone(tz: string): string {
  try {
    fmt(tz || 'UTC');
    return tz || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The day before the local day holding `now` (the last complete day).
 * @param now unix seconds
 */
export function previousDay(now: number, tz: string): Period {
  const zone = safeZone(tz);
  const w = wall(zone, now * 1000);
  const today = localMidnight(zone, w.y, w.m, w.d);
  const y = new Date(Date.UTC(w.y, w.m - 1, w.d - 1));
  return { start: localMidnight(zone, y.getUTCFullYear(), y.getUTCMonth() + 1, y.getUTCDate()), end: today, key: key(y.getUTCFullYear(), y.getUTCMonth() + 1, y.getUTCDate()) };
}

/**
 * The week (Monday to Sunday) before the local week holding `now` (the last complete week).
 * @param now unix seconds
 */
export function previousWeek(now: number, tz: string): Period {
  const zone = safeZone(tz);
  const w = wall(zone, now * 1000);
  const weekday = (new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const monday = new Date(Date.UTC(w.y, w.m - 1, w.d - weekday));
  const prev = new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() - 7));
  return {
    start: localMidnight(zone, prev.getUTCFullYear(), prev.getUTCMonth() + 1, prev.getUTCDate()),
    end: localMidnight(zone, monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
    key: key(prev.getUTCFullYear(), prev.getUTCMonth() + 1, prev.getUTCDate()),
  };
}

/** The local date (`YYYY-MM-DD`) of an instant, for the texts of a digest. */
export function localDate(at: number, tz: string): string {
  const w = wall(safeZone(tz), at * 1000);
  return key(w.y, w.m, w.d);
}

/**
 * The period of a stored key: `days` local days from the local midnight of the key's date.
 * @param key `YYYY-MM-DD` (as `Period.key`)
 * @param days 1 for a day, 7 for a week
 */
export function periodOfKey(key: string, tz: string, days: number): Period {
  const zone = safeZone(tz);
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const after = new Date(Date.UTC(y, m - 1, d + days));
  return { start: localMidnight(zone, y, m, d), end: localMidnight(zone, after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate()), key };
}
