/**
 * Meeting notes pasted as an email thread: "From: Sarah Chen <sarah@acme.com>", "Subject: Re:
 * vendor review", "Hi all, quick recap ...", "On Tue, 3 May, Tom Becker wrote:", "> Thanks Sarah.
 * ...", "Best,\nSarah". The meeting reader knows "Name: what they said" lines, so a thread is
 * read as one: each message's lines are its writer's, the subject line names the meeting, and the
 * headers, quote marks, greetings and sign-offs, which say nothing about the meeting, are left out.
 */

const name = String.raw`([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+){0,2})`;
const fromLine = new RegExp(String.raw`^from:\s*"?${name}"?\s*(?:<[^>]*>)?\s*$`, 'iu');
const wroteLine = new RegExp(String.raw`^on\s.+?,\s*${name}\s*(?:<[^>]*>)?\s+wrote:\s*$`, 'iu');
const subjectLine = /^subject:\s*(.+)$/i;
const headerLine = /^(?:to|cc|bcc|sent|date|reply-to):|^-{2,}\s*(?:original|forwarded)\s+message\s*-{2,}$|^begin forwarded message:$/i;
const greeting = /^(?:hi|hey|hello|dear)\s+(?:all|team|everyone|folks|guys|there|y'all|[A-Z][\p{L}'’-]+)\s*[,!]\s*/iu;
const signOff = /^(?:best|thanks|thank you|cheers|regards|best regards|kind regards|many thanks|warmly|talk soon|sent from my \w+)[,!.]?$/i;

const recapLead = /^(?:(?:a|my|our)\s+)?(?:quick\s+|short\s+|brief\s+)?(?:recap|summary|notes|write-?up|update)\s+(?:of|from|for|on)\s+[^.!?]{0,60}[.!?:]\s*/i;

export interface Thread {
  /** The notes as speaker lines: "Sarah Chen: We agreed to go with Northwind ...". */
  notes: string;
  /** The thread's subject without "Re:" and "Fwd:" ("vendor review"), when it has one. */
  subject?: string;
  /** A reply written above what it quotes: the lines are not in the order they were written. */
  topPosted?: boolean;
}

// A signature's and a footer's lines say nothing about the thread: "-- ", "Ana Silva | Ops Lead | Acme Ltd",
// "+351 912 000 000", "www.acme.com", "This email and any attachments are confidential ...".
const signatureDelimiter = /^--\s*$|^_{3,}$|^sent from my \w+/i;
const disclaimer = /\b(?:confidential|intended (?:solely )?for|intended recipient|privileged|if you (?:have )?received this|unsubscribe|do not print|virus)\b/i;
const contactLine = /\s\|\s|^https?:\/\/\S+$|^www\.\S+$|^\S+@\S+\.\w+$|^(?:\+|tel\.?:?|phone:?|mobile:?|m:|t:)\s*[\d(][\d\s().-]{6,}$/i;
const signatureLine = (line: string) => contactLine.test(line) || (!/[.!?,:;]$/.test(line) && line.split(/\s+/).length <= 5 && /^\p{Lu}/u.test(line) && !/\b(?:I|we|is|are|was|will|can|let's)\b/i.test(line));

interface Said {
  speaker?: string;
  text: string;
}

/** The thread read as notes, or undefined when the text is not an email thread. */
export function threadAsNotes(text: string): Thread | undefined {
  const raw = text.split(/\r?\n/);
  const lines = raw.map((line) => line.replace(/^(?:\s*>)+\s?/, '').trim());
  if (!lines.some((line) => fromLine.test(line) || wroteLine.test(line))) return undefined;
  // Quote marks say who wrote a line: "> ..." is the quoted writer's ("On Tue, Ben wrote:"), the
  // rest is the sender's ("From: Ana"). A paste without quote marks is read in order.
  const marked = raw.some((line) => /^\s*>/.test(line));
  let sender: string | undefined;
  let quotedWriter: string | undefined;
  let speaker: string | undefined;
  let subject: string | undefined;
  let signedOff = false;
  let inSignature = false;
  let topPosted = false;
  const out: Said[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const quoted = /^\s*>/.test(raw[index]!);
    const from = fromLine.exec(line);
    const wrote = wroteLine.exec(line);
    if (wrote && out.some((line) => line.speaker === sender)) topPosted = true;
    if (from || wrote) {
      if (from) sender = from[1];
      else quotedWriter = wrote![1];
      speaker = from?.[1] ?? wrote![1];
      signedOff = false;
      inSignature = false;
      continue;
    }
    const about = subjectLine.exec(line);
    if (about) {
      subject ??= about[1]!.replace(/^(?:(?:re|fwd?|aw)\s*:\s*)+/i, '').trim();
      continue;
    }
    if (line === '' || headerLine.test(line)) continue;
    // Without a "From:" line, the reply under a quote is no one's known: never the quoted writer's.
    const writer = marked ? (quoted ? (quotedWriter ?? speaker) : sender) : speaker;
    // A new writer's lines end the last one's signature.
    if (marked && writer !== speaker) {
      speaker = writer;
      signedOff = false;
      inSignature = false;
    }
    if (signatureDelimiter.test(line)) {
      inSignature = true;
      continue;
    }
    // "Maria Lopez" alone, "Head of Engineering | Shop.io", "+1 415 555 0100": a signature, sign-off or not.
    if (inSignature || disclaimer.test(line) || contactLine.test(line) || (writer !== undefined && line === writer)) continue;
    // "Best,\nSarah": after the sign-off only the writer's name, title and contacts are left.
    if (signOff.test(line)) {
      signedOff = true;
      continue;
    }
    if (signedOff && signatureLine(line)) continue;
    // "Hi all, quick recap of today's call. We agreed ...": what was agreed, not the greeting or the framing.
    const said = line.replace(greeting, '').replace(/^(?:[Tt]hanks|[Tt]hank you)\s+[A-Z][\p{L}'’-]+[.!]\s*/u, '').replace(recapLead, '');
    if (said === '') continue;
    // A reply quotes what the thread already holds: it is said once.
    if (quoted && seen.has(said)) continue;
    seen.add(said);
    // A hard-wrapped sentence ("Alternative is Braga, 7k but\nfurther from the airport.") is one line.
    const last = out.at(-1);
    if (last && last.speaker === writer && !/[.!?:;]$/.test(last.text) && /^\p{Ll}/u.test(said) && !/^\s*(?:[-*•]|\d+[.)])\s/.test(raw[index]!)) {
      last.text = `${last.text} ${said}`;
      continue;
    }
    out.push({ ...(writer ? { speaker: writer } : {}), text: said });
  }
  return { notes: out.map((line) => (line.speaker ? `${line.speaker}: ${line.text}` : line.text)).join('\n'), ...(subject ? { subject } : {}), ...(topPosted ? { topPosted } : {}) };
}
