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
const headerLine = /^(?:to|cc|bcc|sent|date|reply-to):/i;
const greeting = /^(?:hi|hey|hello|dear)\s+(?:all|team|everyone|folks|guys|there|y'all|[A-Z][\p{L}'’-]+)\s*[,!]\s*/iu;
const signOff = /^(?:best|thanks|thank you|cheers|regards|best regards|kind regards|many thanks|warmly|talk soon|sent from my \w+)[,!.]?$/i;

const recapLead = /^(?:(?:a|my|our)\s+)?(?:quick\s+|short\s+|brief\s+)?(?:recap|summary|notes|write-?up|update)\s+(?:of|from|for|on)\s+[^.!?]{0,60}[.!?:]\s*/i;

export interface Thread {
  /** The notes as speaker lines: "Sarah Chen: We agreed to go with Northwind ...". */
  notes: string;
  /** The thread's subject without "Re:" and "Fwd:" ("vendor review"), when it has one. */
  subject?: string;
}

/** The thread read as notes, or undefined when the text is not an email thread. */
export function threadAsNotes(text: string): Thread | undefined {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/^(?:\s*>)+\s?/, '').trim());
  if (!lines.some((line) => fromLine.test(line) || wroteLine.test(line))) return undefined;
  let speaker: string | undefined;
  let subject: string | undefined;
  let signedOff = false;
  const out: string[] = [];
  for (const line of lines) {
    const from = fromLine.exec(line) ?? wroteLine.exec(line);
    if (from) {
      speaker = from[1];
      signedOff = false;
      continue;
    }
    const about = subjectLine.exec(line);
    if (about) {
      subject ??= about[1]!.replace(/^(?:(?:re|fwd?|aw)\s*:\s*)+/i, '').trim();
      continue;
    }
    if (line === '' || headerLine.test(line)) continue;
    // "Best,\nSarah": after the sign-off only the writer's name is left.
    if (signOff.test(line)) {
      signedOff = true;
      continue;
    }
    if (signedOff && /^[A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+)?$/u.test(line)) continue;
    // "Hi all, quick recap of today's call. We agreed ...": what was agreed, not the greeting or the framing.
    const said = line.replace(greeting, '').replace(/^(?:[Tt]hanks|[Tt]hank you)\s+[A-Z][\p{L}'’-]+[.!]\s*/u, '').replace(recapLead, '');
    if (said === '') continue;
    out.push(speaker ? `${speaker}: ${said}` : said);
  }
  return { notes: out.join('\n'), ...(subject ? { subject } : {}) };
}
