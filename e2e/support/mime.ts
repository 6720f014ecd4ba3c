/**
 * Just enough MIME to read what nodemailer sends: headers, a single text part or the
 * text/plain part of a multipart message, 7bit / quoted-printable / base64 bodies.
 */
export interface CapturedMail {
  recipients: string[];
  subject: string;
  text: string;
}

function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in the subject. */
function decodeHeaderWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g,
    (_m, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    },
  );
}

function textOf(headers: Map<string, string>, body: string, depth: number): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || boundary === undefined || depth > 3) {
    return decodeBody(headers, body);
  }
  const parts = body.split(`--${boundary}`).slice(1);
  for (const part of parts) {
    if (part.startsWith('--')) break;
    const parsed = splitHeadersAndBody(part.replace(/^\n/, ''));
    const type = (parsed.headers.get('content-type') ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain') || type.startsWith('multipart/'))
      return textOf(parsed.headers, parsed.body, depth + 1);
  }
  return '';
}

export function parseMessage(raw: string): Omit<CapturedMail, 'recipients'> {
  const { headers, body } = splitHeadersAndBody(raw);
  return { subject: decodeHeaderWords(headers.get('subject') ?? ''), text: textOf(headers, body, 0) };
}
