import type { ReleaseEntryType } from '../../../schemas/deliverables/index.js';
import { gerundOf, verbInflection } from '../text/grammar.js';
import { lowerFirst } from '../text/phrases.js';

/** One line of a commit list: "a1b2c3d fix(scanner): no freeze on low memory (#412)". */
export interface Commit {
  /** The hash or PR reference: kept for the author, never printed to customers. */
  ref: string | null;
  type: ReleaseEntryType;
  scope: string | null;
  subject: string;
}

// "<hash> message", "- <hash> message", "* message (#123)" with a conventional prefix.
// A short hash may be six characters ("3f2a1c"); it has a digit, so "facade" or "decade" is a word.
const hashed = /^\s*(?:[-*]\s*)?((?=[0-9a-f]*\d)[0-9a-f]{6,40})\s+(.+)$/i;
// The Conventional Commits types read here; a header is `type(scope)!: subject`.
const types = 'feat|fix|perf|refactor|docs|chore|build|ci|style|test|revert|security|sec';
const conventional = new RegExp(`^\\s*(?:[-*]\\s*)?(${types})(?:\\(([^)]+)\\))?(!)?:\\s+(.+)$`, 'i');
const prRef = /\s*\((#\d+)\)\s*$|\s+(#\d+)\s*$/;

// A refactor changes nothing a user sees: like a chore, it is listed for the team only.
const typeOfPrefix: Record<string, ReleaseEntryType> = { feat: 'feature', fix: 'fix', perf: 'improvement', security: 'security', sec: 'security' };

/** A release-note type read from a plain message ("Fix crash ...", "Add offline mode ..."). */
export function typeOfMessage(message: string): ReleaseEntryType {
  // "Minimum iOS version is now 16": who stays on an older one loses the app.
  if (/\bminimum\b[^.]*\bversion\b|\bno\s+longer\s+supports?\b|\bdropp(?:ed|ing)\s+support\b/i.test(message)) return 'breaking';
  if (/\bbreaking\b|\bremov(?:e|ed|es)\b.*\b(?:support|api|endpoint|option|webhooks?|deprecated|v\d+|integration|parameter|field|flag)\b/i.test(message)) return 'breaking';
  if (/\b(?:cve-\d|security|vulnerab|xss|csrf|injection)\b/i.test(message)) return 'security';
  // "We fixed ...", "You can now ...", "The calendar view got faster": prose says who before what changed.
  message = message.replace(/^\s*(?:we|the\s+team)\s+(?:have\s+|'ve\s+|also\s+)?/i, '');
  if (/^\s*(?:fix|fixe[sd]|resolve[sd]?|patch|correct)|\b(?:bug|crash|freez|no longer|regression)\w*/i.test(message)) return 'fix';
  if (/^\s*you\s+can\s+now\b|\bnow\s+(?:you\s+can|supports?|lets?\s+you)\b/i.test(message)) return 'feature';
  if (/\b(?:got|is|are|now|much|way)\s+(?:much\s+)?(?:faster|quicker|smoother|snappier|better|lighter)\b/i.test(message)) return 'improvement';
  if (/^\s*(?:add|adds|added|new|introduce|support|allow|enable|implement)/i.test(message)) return 'feature';
  if (/^\s*(?:improve|speed|sped|faster|optimi[sz]e|reduce|update|upgrade|refactor|make|made|better|redesign|rewr(?:ite|ote))/i.test(message)) return 'improvement';
  return 'other';
}

/** A commit line, or null for prose. Conventional Commits prefixes give the type (feat, fix, perf ...). */
export function parseCommit(line: string): Commit | null {
  const withHash = hashed.exec(line);
  const rest = withHash ? withHash[2]! : line;
  const typed = conventional.exec(rest);
  if (!withHash && !typed) return null;
  // A hex-looking first word of prose ("deadbeef is ...") is not a commit unless it is long enough.
  if (withHash && !typed && withHash[1]!.length < 6) return null;
  let subject = (typed ? typed[4]! : rest).trim();
  const pr = prRef.exec(subject);
  if (pr) subject = subject.slice(0, pr.index).trim();
  if (subject.split(/\s+/).length < 2) return null;
  const prefix = typed?.[1]?.toLowerCase();
  const type: ReleaseEntryType = typed?.[3] ? 'breaking' : prefix && typeOfPrefix[prefix] ? typeOfPrefix[prefix]! : prefix && /docs|chore|build|ci|style|test|refactor/.test(prefix) ? 'other' : typeOfMessage(subject);
  return { ref: withHash?.[1]?.toLowerCase() ?? pr?.[1] ?? pr?.[2] ?? null, type, scope: typed?.[2] ?? null, subject: subject.charAt(0).toUpperCase() + subject.slice(1) };
}

// Where one typed line lists several commits ("feat: a; fix: b, perf: c"): before each prefix that
// follows a semicolon or a comma.
const nextPrefix = new RegExp(`[;,]\\s+(?=(?:${types})(?:\\([^)]+\\))?!?:\\s)|;\\s+(?=(?=[0-9a-f]*\\d)[0-9a-f]{6,40}\\s)`, 'i');

/**
 * The commits of one line: several when it lists them one after another with their prefixes (as
 * people type them into a brief), one when it is a commit line, none for prose. A list whose parts
 * are not all commits is read as one line.
 */
export function parseCommits(line: string): Commit[] {
  const parts = line.split(nextPrefix);
  if (parts.length > 1) {
    const commits = parts.map(parseCommit);
    if (commits.every((commit) => commit !== null)) return commits as Commit[];
  }
  const commit = parseCommit(line);
  return commit ? [commit] : [];
}

// The words a change starts with when people list what a release did ("added ...", "fixed ...",
// "made ... faster", "new ...").
const changeWord = '(?:add(?:ed|s)?|introduc(?:ed|es?)|enabl(?:ed|es?)|implement(?:ed|s)?|support(?:ed|s)?|allow(?:ed|s)?|fix(?:ed|es)?|resolv(?:ed|es?)|patch(?:ed|es)?|improv(?:ed|es?)|made|make[s]?|sped\\s+up|speed(?:s)?\\s+up|reduc(?:ed|es?)|optimi[sz](?:ed|es?)|updat(?:ed|es?)|upgrad(?:ed|es?)|redesign(?:ed|s)?|rewr(?:ote|ites?)|remov(?:ed|es?)|dropp(?:ed)?|drops?|renam(?:ed|es?)|deprecat(?:ed|es?)|new|faster|better)';
const startsWithChange = new RegExp(`^${changeWord}\\b`, 'i');
const beforeChange = new RegExp(`(?:,\\s*(?:and\\s+|then\\s+)?|;\\s*|\\s+and\\s+(?:we\\s+)?)(?=${changeWord}\\b)`, 'i');
const speaker = /^(?:we|i|the\s+team|this\s+(?:release|version|update))\s+(?:have\s+|'ve\s+|also\s+)?/i;

/**
 * The changes one sentence of prose lists, each as an entry's text: "We added dark mode, fixed the
 * crash when uploading photos, and made search faster." gives "Added dark mode", "Fixed the crash
 * when uploading photos" and "Made search faster". A sentence that does not start with a change
 * (after "we", "the team", "this release") stays whole, as written, and so does one whose split
 * would leave a part of one word.
 */
export function changesIn(sentence: string): string[] {
  const text = sentence.trim().replace(/[.!]$/, '');
  const rest = text.replace(speaker, '');
  if (!startsWithChange.test(rest)) return [text];
  const parts = rest.split(beforeChange).map((part) => part.trim().replace(/[,;]$/, ''));
  // "made search faster and better": a part of one word is not a change of its own.
  const changes = parts.some((part) => part.split(/\s+/).length < 2) ? [rest] : parts;
  return changes.map(pastTense);
}

/**
 * A change as release notes tell it to users: what the release did, in the past tense ("Add dark
 * mode" and "adds dark mode" give "Added dark mode"), capitalised. A change that does not start with
 * one of the verbs of a change ("New export button", "Support for SSO") stays as written.
 */
export function pastTense(change: string): string {
  const past = change.replace(/^(\w+)/, (verb) => pastOf[verb.toLowerCase()] ?? verb);
  return past.charAt(0).toUpperCase() + past.slice(1);
}

// "This release adds ..., fixes ...": the entries say what the release did, as "we added" does.
// A commit's imperative ("Add dark mode", "Fix login loop") is read the same way. "Support" is not
// among the base forms: "Support for SSO" is a noun, not an order.
const pastOf: Record<string, string> = {
  add: 'added', introduce: 'introduced', enable: 'enabled', implement: 'implemented', allow: 'allowed',
  fix: 'fixed', resolve: 'resolved', patch: 'patched', improve: 'improved', make: 'made', speed: 'sped', reduce: 'reduced',
  optimise: 'optimised', optimize: 'optimized', update: 'updated', upgrade: 'upgraded', redesign: 'redesigned', rewrite: 'rewrote',
  remove: 'removed', drop: 'dropped', rename: 'renamed', deprecate: 'deprecated', bump: 'bumped', move: 'moved',
  adds: 'added', introduces: 'introduced', enables: 'enabled', implements: 'implemented', supports: 'supported', allows: 'allowed',
  fixes: 'fixed', resolves: 'resolved', patches: 'patched', improves: 'improved', makes: 'made', speeds: 'sped', reduces: 'reduced',
  optimises: 'optimised', optimizes: 'optimized', updates: 'updated', upgrades: 'upgraded', redesigns: 'redesigned', rewrites: 'rewrote',
  removes: 'removed', drops: 'dropped', renames: 'renamed', deprecates: 'deprecated',
};

/**
 * A fix as release notes tell it: a commit's subject often names the bug ("invoice pdf shows wrong
 * tax for EU customers"), which listed as it is reads as a bug the release still has. A change that
 * says what was done ("Fixed ...", "... no longer ...") stays, and so does a bug named by its noun
 * ("Crash when uploading images", under the heading "Fixed"); a bug told as a clause is fixed in its
 * -ing form ("Fixed invoice PDF showing wrong tax for EU customers").
 */
export function fixedChange(change: string): string {
  if (startsWithChange.test(change) || /^(?:fixed|resolved|corrected)\b|\bno\s+longer\b|\bnow\b|\b(?:works?|again)\b/i.test(change)) return change;
  const words = change.split(/\s+/);
  // The bug's own verb after the thing it happens to (within five words): "invoice pdf shows ...".
  for (let at = 1; at < Math.min(words.length, 6); at += 1) {
    const found = /^([a-z]+)(\W*)$/.exec(words[at]!);
    const verb = found ? verbInflection(found[1]!) : undefined;
    if (verb?.form === 'third' && !/^(?:is|has|does)$/.test(found![1]!)) {
      words[at] = `${gerundOf(verb.base)}${found![2]}`;
      return `Fixed ${lowerFirst(words.join(' '))}`;
    }
  }
  // "results empty when ...": a state said without its verb is told after "Fixed:"; "login loop on Safari"
  // and "crash when uploading images" name the bug, which the section's heading says is fixed.
  return stateWord.test(words.slice(0, 5).join(' ')) ? `Fixed: ${lowerFirst(change)}` : change;
}

// A bug said by what happened to the thing ("accents ignored in names") is a state too.
const stateWord = /\b(?:empty|blank|wrong|broken|missing|slow|stuck|invisible|unreadable|incorrect|duplicated?|frozen|unresponsive|not|never|always|too|ignored|lost|dropped|skipped|truncated|rejected|deleted|overwritten|cropped|misaligned|cut\s+off)\b/i;
