/**
 * Reading an inbound message (MIME through mailparser): its Message-ID, sender, recipients, subject, the reply
 * text with quoted text and signatures taken off, and the SPF/DKIM/DMARC verdicts of the Authentication-Results
 * headers that the receiving mail server added (RFC 8601).
 */
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/** An inbound message as the service needs it. */
export interface InboundMessage {
  /** The Message-ID header without angle brackets; '' when the message has none. */
  messageId: string;
  /** The From address, lower case; '' when missing. */
  from: string;
  /** To and Cc addresses, lower case. */
  recipients: string[];
  subject: string;
  /** The new text of the reply (quotes and signature removed), trimmed. */
  body: string;
  /** Authentication verdicts by method (`spf`, `dkim`, `dmarc`) from Authentication-Results headers. */
  auth: Record<string, string>;
  /** Whether it is an automatic reply or a delivery report (never posted: it would loop). */
  automatic: boolean;
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);

/** Lines that open the quoted original in common mail programs (English and the site's other languages). */
const QUOTE_HEADERS = [
  /^on\b.{0,200}\bwrote:?\s*$/i,
  /^am\b.{0,200}\bschrieb.{0,80}:\s*$/i,
  /^le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^el\b.{0,200}\bescribió:\s*$/i,
  /^em\b.{0,200}\bescreveu:\s*$/i,
  /^.{0,200}\bпишет:\s*$/i,
  /^.{0,200}(写道|寫道)[:：]\s*$/,
  /^.{0,200}のメッセージ[:：]?\s*$/,
  /^-{2,}\s*original message\s*-{2,}$/i,
  /^-{2,}\s*(ursprüngliche nachricht|message d'origine|mensaje original|mensagem original)\s*-{2,}$/i,
  /^_{10,}$/,
];
/** Signature openers: the standard `-- ` line and the usual mobile footers. */
const SIGNATURE = [/^-- ?$/, /^sent from my \w+/i, /^get outlook for /i, /^von meinem .+ gesendet/i];

/**
 * Takes the new text of a reply: everything above the first quoted line (`>`), the quote header of a mail program
 * ("On … wrote:", also split over two lines) or a signature delimiter.
 * @param text the plain text of the message
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    const t = line.trim();
    if (t.startsWith('>')) break;
    if (QUOTE_HEADERS.some((re) => re.test(t))) break;
    // "On Mon, 1 Dec 2026 at 10:00, Quorum <" + newline + "r+a1…> wrote:"
    if (/^(on|am|le|el|em)\s/i.test(t) && i + 1 < lines.length && /(wrote|schrieb|écrit|escribió|escreveu):?\s*$/i.test(lines[i + 1]!.trim())) break;
    // Outlook's header block: "From: …" followed by "Sent:", "Date:", "To:" or "Subject:".
    if (/^from:\s/i.test(t) && /^(sent|date|to|subject):\s/i.test(lines[i + 1]?.trim() ?? '')) break;
    if (SIGNATURE.some((re) => re.test(line))) break;
    out.push(line);
  }
  return out.join('\n').trim();
}

/** Verdicts by method from Authentication-Results header values (`spf=pass smtp.mailfrom=…; dkim=fail …`). */
export function authVerdicts(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    for (const m of v.matchAll(/\b(spf|dkim|dmarc)\s*=\s*([a-z]+)/gi)) {
      const method = m[1]!.toLowerCase();
      const verdict = m[2]!.toLowerCase();
      // A fail anywhere wins over a pass elsewhere.
      if (out[method] !== 'fail') out[method] = verdict;
    }
  }
  return out;
}

/**
 * Parses a raw message.
 * @throws Error when mailparser cannot read it (the caller refuses it as malformed)
 */
export async function parseMessage(raw: Buffer | string): Promise<InboundMessage> {
  const m: ParsedMail = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true, skipImageLinks: true });
  const headerValues = (name: string) => m.headerLines.filter((h) => h.key === name).map((h) => h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim());
  const autoSubmitted = (m.headers.get('auto-submitted') as string | undefined)?.toString().toLowerCase() ?? '';
  const contentType = (m.headers.get('content-type') as { value?: string } | undefined)?.value?.toLowerCase() ?? '';
  return {
    messageId: (m.messageId ?? '').replace(/^<|>$/g, '').trim(),
    from: addresses(m.from)[0] ?? '',
    recipients: [...addresses(m.to), ...addresses(m.cc)],
    subject: (m.subject ?? '').trim(),
    body: replyText(m.text ?? ''),
    auth: authVerdicts(headerValues('authentication-results')),
    automatic: (autoSubmitted !== '' && autoSubmitted !== 'no') || contentType === 'multipart/report' || headerValues('x-autoreply').length > 0,
  };
}
