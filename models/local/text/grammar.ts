import { isStopword, stem } from '../../../quality/text.js';

/**
 * Just enough English grammar for the local model, as tables and string tests: which words are
 * verbs (and their base form), and the noun phrases of a text. It replaces a full NLP parser on
 * the hot path: the model reads one request in well under a millisecond, and it only ever needs
 * "is this a verb", "track" for "tracks" and "the noun phrases of this paragraph".
 */

// Verbs that briefs, meeting notes and product material use, in their base form.
const verbList = `accept access achieve expire disable mute snooze unsubscribe undo act add adjust adopt advise affect agree aim align allow analyse analyze announce answer apply appoint
approve archive argue arrange ask assess assign assist attach attend authenticate authorize automate avoid back become begin believe
belong benefit book borrow break bring browse build buy calculate call cancel capture care carry catch cause celebrate change chase chat
check checkout choose claim clarify clean clear click close collaborate collect combine come comment commit communicate compare compete
complain complete compose configure confirm connect consider consolidate contact contain continue contribute control convert coordinate
copy correct cost count cover create cut deal debug decide define delay delegate delete deliver demonstrate depend deploy describe
design detect determine develop discover discuss dismiss display distribute divide do document double download draft draw drive drop
earn edit eliminate email embrace emerge empower enable encourage end engage enhance enjoy ensure enter escalate establish estimate
evaluate examine exchange execute exist expand expect experiment explain explore export expose extend extract face facilitate fail fall
feel fetch fill filter finalize finalise find finish fit fix flag focus follow forecast forget form forward gather generate get give go
grant grow guide handle happen hate have hear help hide highlight hire hold hope host identify ignore implement import improve include
increase indicate inform install integrate intend introduce invest investigate invite invoice involve join keep kick know label launch
lead learn leave let lift like limit link list listen live load locate lock log login look lose love maintain make manage map mark
match matter maximize mean measure meet mention merge migrate minimize miss monitor move need negotiate note notice notify obtain occur
offer onboard open operate opt optimize optimise order organise organize outline own pair participate pass pay perform pick pilot place
plan play post postpone predict prefer prepare present preserve prevent print prioritize prioritise process produce promote propose
protect prove provide publish pull purchase push put raise rank rate reach read realise realize reassign receive recognise recognize
recommend reconcile record recruit reduce refactor refer refine reflect refund register reject release rely remain remember remind
remove rename render renew reopen reorganize repeat replace reply report represent request require reschedule research reserve reset resolve
respond restart restore resume retain retire retry return reuse review revise revisit rewrite roll run save say scale schedule scope
search secure see seek select sell send serve set settle setup share ship show shorten sign simplify sit skip slow solve sort speak
specify spend split stand start stay stop store streamline strengthen struggle submit subscribe succeed suggest summarize summarise
supply support suppose switch sync synchronize take talk target teach tell tend test thank think tidy track trade train transfer
transform translate travel treat trigger trim try turn unblock understand unify unlock update upgrade upload use validate value verify
view visit wait walk want warn watch welcome win wish wonder work worry write`.split(/\s+/);

// Forms the suffix rules below cannot make.
const irregular: Record<string, string[]> = {
  be: ['is', 'are', 'am', 'was', 'were', 'been', 'being'],
  become: ['became'],
  begin: ['began', 'begun'],
  break: ['broke', 'broken'],
  bring: ['brought'],
  build: ['built'],
  buy: ['bought'],
  catch: ['caught'],
  choose: ['chose', 'chosen'],
  come: ['came'],
  deal: ['dealt'],
  do: ['did', 'done', 'does'],
  draw: ['drew', 'drawn'],
  drive: ['drove', 'driven'],
  fall: ['fell', 'fallen'],
  feel: ['felt'],
  find: ['found'],
  forget: ['forgot', 'forgotten'],
  get: ['got', 'gotten'],
  give: ['gave', 'given'],
  go: ['went', 'gone', 'goes'],
  grow: ['grew', 'grown'],
  have: ['has', 'had'],
  hear: ['heard'],
  hide: ['hid', 'hidden'],
  hold: ['held'],
  keep: ['kept'],
  know: ['knew', 'known'],
  lead: ['led'],
  leave: ['left'],
  lose: ['lost'],
  make: ['made'],
  mean: ['meant'],
  meet: ['met'],
  pay: ['paid'],
  read: [],
  run: ['ran'],
  say: ['said'],
  see: ['saw', 'seen'],
  seek: ['sought'],
  sell: ['sold'],
  send: ['sent'],
  sit: ['sat'],
  speak: ['spoke', 'spoken'],
  spend: ['spent'],
  stand: ['stood'],
  take: ['took', 'taken'],
  teach: ['taught'],
  tell: ['told'],
  think: ['thought'],
  understand: ['understood'],
  win: ['won'],
  write: ['wrote', 'written'],
};

/** "tracks", "tracked", "tracking" (and "planned", "planning") for a base form. */
function regularForms(base: string): string[] {
  const forms: string[] = [];
  if (/(?:s|x|z|ch|sh)$/.test(base)) forms.push(`${base}es`);
  else if (/[^aeiou]y$/.test(base)) forms.push(`${base.slice(0, -1)}ies`);
  else forms.push(`${base}s`);
  const stemmed = base.endsWith('e') ? base.slice(0, -1) : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}i` : base;
  forms.push(base.endsWith('e') ? `${base}d` : `${stemmed}ed`, `${base.endsWith('ee') ? base : base.endsWith('e') ? base.slice(0, -1) : base}ing`);
  // Short words ending consonant-vowel-consonant double it: plan -> planned, ship -> shipping.
  if (/^[^aeiou]*[aeiou][bdfglmnprt]$/.test(base)) forms.push(`${base}${base.at(-1)}ed`, `${base}${base.at(-1)}ing`);
  return forms;
}

/** Every known verb form, to its base form. Frozen data built once at load. */
const baseOf: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const base of [...verbList, ...Object.keys(irregular)]) {
    for (const form of [...regularForms(base), ...(irregular[base] ?? [])]) if (!map.has(form)) map.set(form, base);
  }
  for (const base of [...verbList, ...Object.keys(irregular)]) map.set(base, base);
  return map;
})();

/** The base form of a verb form ("tracks" -> "track", "sent" -> "send"); undefined for other words. */
export function verbBase(word: string): string | undefined {
  return baseOf.get(word.toLowerCase());
}

/** "show" -> "showing", "stop" -> "stopping", "save" -> "saving": the form after "is" or "fixed X". */
export function gerundOf(base: string): string {
  if (base === 'be') return 'being';
  const forms = regularForms(base);
  return forms[4] ?? forms[2]!;
}

/** "speak" -> "speaks", "have" -> "has", "be" -> "is": the form after he, she or a name. */
export function thirdPersonOf(base: string): string {
  return ({ be: 'is', have: 'has', do: 'does', go: 'goes' } as Record<string, string>)[base] ?? regularForms(base)[0]!;
}

/**
 * How the word opening a clause is inflected as a verb: "speak" base, "speaks" third, "built" or
 * "spoke" past, "leading" gerund; undefined when it is no verb there. A verb that is as often a
 * noun counts only when inflected: "leads" and "led" are verbs, "lead designer" is a role.
 */
export function verbInflection(word: string): { base: string; form: 'base' | 'third' | 'past' | 'gerund' } | undefined {
  const lower = word.toLowerCase();
  const base = baseOf.get(lower);
  if (!base) return undefined;
  if (base === lower) return ambiguous.has(base) ? undefined : { base, form: 'base' };
  if (lower.endsWith('ing')) return { base, form: 'gerund' };
  return { base, form: lower === thirdPersonOf(base) ? 'third' : 'past' };
}

export function isVerbForm(word: string): boolean {
  return baseOf.has(word.toLowerCase());
}

/**
 * Whether a phrase opens with a verb ("track invoices", "sends reminders"); an inflected form of
 * a word that is as often a noun is read as the noun ("invoices for clients").
 */
export function startsWithVerb(phrase: string): boolean {
  const first = /^\s*([\p{L}'’-]+)/u.exec(phrase)?.[1]?.toLowerCase();
  const base = first === undefined ? undefined : baseOf.get(first);
  return base !== undefined && (base === first || !ambiguous.has(base));
}

/**
 * A phrase with its verbs in base form: the word that opens it, and a verb form after "and" or a
 * comma that has an object ("track invoices and sends reminders"); "and reports" at the end stays.
 */
export function toBaseForm(phrase: string): string {
  return phrase.replace(/(^\s*|,\s*(?:and\s+)?|\band\s+)([\p{L}'’-]+)(?=(\s+\S)?)/gu, (whole, lead: string, word: string, more: string | undefined) => {
    const lower = word.toLowerCase();
    const base = baseOf.get(lower);
    if (!base || base === lower || base === 'be' || base === 'have' || base === 'do' || (lead.trim() !== '' && !more)) return whole;
    return lead + (/^[A-Z]/.test(word) ? base.charAt(0).toUpperCase() + base.slice(1) : base);
  });
}

// Words that end a noun phrase besides the shared stopwords: determiners, pronouns, auxiliaries,
// prepositions, conjunctions, adverbs and number words (the parts of speech a phrase never keeps).
const functionWords = new Set(
  `a an the this that these those each every either neither no any some all both few several such its it's i'm we're you're they're
it we you they he she i me us them him her one ones someone everyone anyone nobody everybody somebody something everything nothing
anything yours ours theirs mine myself yourself ourselves themselves itself not n't no yes so just also even really quite rather
almost always never often sometimes usually already again still yet ever perhaps maybe instead however therefore thus hence then
soon later today tomorrow yesterday now here there where when why how what which who whom whose whether if unless although though
because while whereas since until till and or but nor plus either across against along amid among around behind below beneath beside
besides beyond despite down during except inside near off onto outside past per than toward towards upon via within without above
is am are was were be been being do does did done doing has have had having will would shall should can could may might must
ought let let's lets two three four five six seven eight nine ten hundred thousand million billion first second third last next
much many more most less least lot lots very too enough e.g i.e etc`.split(/\s+/),
);

// Words in -ly that are adjectives or nouns, not adverbs ("weekly sync", "friendly tone").
const lyWords = new Set('weekly monthly daily yearly quarterly hourly nightly biweekly friendly early costly timely lovely likely family supply assembly reply apply anomaly italy july butterfly'.split(' '));

/** Determiners, pronouns, auxiliaries, prepositions, conjunctions and adverbs: never in a noun phrase. */
function isFunctionWord(lower: string): boolean {
  return functionWords.has(lower) || isStopword(lower) || (lower.endsWith('ly') && lower.length > 4 && !lyWords.has(lower));
}

const determiners = new Set('a an the this that these those our their my your his her its each every some any no several new'.split(' '));
// Words after which a verb form is a verb: subjects, modals and the infinitive "to".
const subjects = new Set('i we you they he she it who which to will would can could should must may might please'.split(' '));
// Simple past forms that are never adjectives, unlike participles ("written notes", "lost revenue").
const simplePast = new Set('saw went came took gave did was were got knew thought said told began became ran wrote drove chose spoke grew drew fell forgot hid won'.split(' '));
const pastParticiple = /^.{3,}[^e]ed$/;
// Verbs that are as often nouns but are verbs before "to" ("admins need to", "we plan to").
const takesTo = new Set('need plan help aim hope start offer love hate wish want try'.split(' '));
const participles = new Set('sent built paid made left lost held found kept met known given taken written done gone seen chosen broken grown bought brought caught taught'.split(' '));

/** One word of a noun phrase: as written for names and acronyms, lower-cased otherwise. */
export interface PhraseWord {
  text: string;
  lower: string;
  proper: boolean;
}

// A dot inside a word keeps it whole ("Node.js", "ASP.NET"): only a letter may follow that dot.
const tokenPattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+|\.(?=\p{L})[\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]+|\n/gu;
const wordStart = /^[\p{L}\p{N}]/u;

/**
 * Noun phrases of a text: runs of content words between punctuation, numbers, function words and
 * verbs, at most three words (the last three, where the head noun is). A word that can be a verb
 * or a noun ("work", "review", "plans") is read from its neighbours: see `isVerbHere`.
 */
export function nounPhrases(text: string, ignore: ReadonlySet<string> = new Set()): PhraseWord[][] {
  const result: PhraseWord[][] = [];
  let run: PhraseWord[] = [];
  const flush = () => {
    // A phrase ends in its noun: a trailing participle is a verb or an adjective ("we're excited").
    while (run.length > 0 && pastParticiple.test(run.at(-1)!.lower)) run.pop();
    if (run.length > 0) result.push(run.length > 3 ? run.slice(-3) : run);
    run = [];
  };
  const tokens = text.match(tokenPattern) ?? [];
  let sentenceStart = true;
  let previous = '';
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (!wordStart.test(token)) {
      flush();
      if (/[.!?:;\n]/.test(token)) sentenceStart = true;
      previous = '';
      continue;
    }
    const lower = token.toLowerCase();
    const atStart = sentenceStart;
    const prev = previous;
    sentenceStart = false;
    previous = lower;
    // Numbers, dates and possessives end a phrase ("50 engineers" gives "engineers").
    // So do labels opening a line ("Alice:", "TODO:"), which are speakers and markers, not topics.
    const label = atStart && tokens[index + 1]?.startsWith(':') === true;
    if (label || /^\d/.test(token) || isFunctionWord(lower) || /['’]s$/.test(lower) || ignore.has(lower) || lower.length < 2) {
      flush();
      continue;
    }
    const base = baseOf.get(lower);
    if (base !== undefined && isVerbHere(lower, base, prev, atStart, run.length > 0, tokens[index + 1]?.toLowerCase() ?? '')) {
      flush();
      continue;
    }
    const proper = /^[A-Z][A-Z0-9_]+$/.test(token) || /^\p{Ll}+\p{Lu}/u.test(token) || (!atStart && /^[A-Z]/.test(token)) || (/\p{L}\.\p{L}/u.test(token) && /[A-Z]/.test(token)) || /[A-Z][\p{L}]*-[A-Z]/u.test(token);
    run.push({ text: proper ? token : lower, lower, proper });
  }
  flush();
  return result;
}

/** A content word: not punctuation, a number or a function word. */
function isContentWord(lower: string): boolean {
  return /^\p{L}/u.test(lower) && !isFunctionWord(lower);
}

/**
 * Whether a verb form is used as a verb here. After a determiner it is a noun or an adjective
 * ("the plans", "our hiring", "a revised plan"); after a subject or modal a verb ("we adopted",
 * "to track"). Otherwise: "-ing" inside a phrase is an adjective ("new onboarding flow"); a
 * participle in front of a noun too ("distributed teams"); "-s" after a noun and before its
 * object is a verb ("Finance wants a ..."); a word that is as often a noun ("work", "review") is a
 * verb only before "to" or opening a sentence in front of its object ("Review the result").
 */
function isVerbHere(lower: string, base: string, prev: string, atStart: boolean, inPhrase: boolean, next: string): boolean {
  if (determiners.has(prev)) return false;
  if (subjects.has(prev)) return true;
  if (lower === base) {
    if (!ambiguous.has(base)) return true;
    return (next === 'to' && takesTo.has(base)) || (atStart && functionWords.has(next));
  }
  if (simplePast.has(lower)) return true;
  if (lower.endsWith('ing')) return !inPhrase;
  if (lower.endsWith('ed') || participles.has(lower)) return inPhrase || !isContentWord(next);
  return inPhrase && functionWords.has(next);
}

/** Verbs that are just as often nouns ("the work", "a plan", "code review"). */
const ambiguous = new Set(
  `access act answer back benefit book break call capture care cause change chat check checkout claim close comment commit contact
control copy cost count cover cut deal debug delay design display document double draft drive drop email end estimate exchange
experiment export face fall fill filter flag focus forecast form forward guide help hire hold hope host import increase invoice label
launch lead limit link list load lock log login look love map mark match matter measure meet monitor move need note notice offer
order outline pair pass pay pick pilot place plan play post process promote purchase push rank rate reach record refund release
reply report request research reserve reset rest retry return review roll run scale schedule scope search setup share ship sign
sort speak split stand start stay stop store supply support switch sync talk target test thank track trade train transfer travel
treat trigger trim turn update upgrade upload use value view visit wait walk watch welcome win work worry`.split(/\s+/),
);

/** A word in one form for all its forms: "updating", "updates", "update" are one; "fixes" and "Fixed" too. */
export function wordFamily(term: string): string {
  return verbBase(term.toLowerCase()) ?? stem(term);
}

// A subject pronoun opens a clause: "we hit 10k users", "we're hiring 3 engineers", "it's live".
const pronounSubject = /^(?:we|i|they|you|he|she|it|there)(?:['’](?:re|ve|ll|d|m|s))?\s+[\p{L}\d]/iu;
// Verbs that only ever say what a subject does or is ("is moving", "will open", "has reached").
const auxiliaries = new Set("is are was were has have had will can could would should must won't can't isn't aren't wasn't hasn't".split(' '));
// Words between a subject and its verb: "our bakery now delivers", "the app finally ships".
const betweenWords = new Set('now just finally officially also already soon'.split(' '));
// After an "-s" form of a word that is as often a noun, what shows it is a verb: "ships tomorrow", "moves to Berlin".
const verbFollowers = /^(?:tomorrow|today|tonight|soon|next|this|on|from|to|at|in|every|our|its|their|the|a|an|\d)/i;

/**
 * The subject of a clause ("we" of "we hit 10k users", "our bakery" of "our bakery now delivers in
 * Utrecht", "Northwind Labs" of "Northwind Labs is moving to a four-day week"); undefined for a noun
 * phrase ("our series A", "the launch of our app", "pricing updates"). The verb is read where a noun
 * cannot stand: an auxiliary, a past form, or a third-person form after the subject's nouns.
 */
export function clauseSubject(phrase: string): string | undefined {
  const text = phrase.trim();
  if (pronounSubject.test(text)) return text.split(/\s+/)[0];
  const words = text.split(/\s+/).slice(0, 8);
  const start = determiners.has(words[0]?.toLowerCase() ?? '') ? 1 : 0;
  const subject = (at: number) => words.slice(0, at).filter((word) => !betweenWords.has(word.toLowerCase())).join(' ');
  for (let at = start + 1; at < words.length; at += 1) {
    // A comma, a colon or a dash ends the subject: "our new CTO, Maya Patel" is a noun phrase.
    if (/[,;:]$/.test(words[at - 1]!) || /^[-–—]$/.test(words[at]!)) return undefined;
    const lower = words[at]!.toLowerCase().replace(/[.,;:!?]+$/, '');
    if (auxiliaries.has(lower)) return subject(at);
    const base = baseOf.get(lower);
    if (base === undefined || base === lower || lower.endsWith('ing') || betweenWords.has(lower)) continue;
    // "Northwind raised 4M", "the pool reopened": a past form after a noun is its verb.
    if (!lower.endsWith('s')) return determiners.has(words[at - 1]!.toLowerCase()) ? undefined : subject(at);
    if (!ambiguous.has(base) || verbFollowers.test(words[at + 1] ?? '')) return subject(at);
  }
  return undefined;
}

/** Whether a phrase is a clause with its own subject and verb (see `clauseSubject`). */
export function isClause(phrase: string): boolean {
  return clauseSubject(phrase) !== undefined;
}
