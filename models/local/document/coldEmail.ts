
/**
 * A cold email as people ask for one: "cold email to acme's head of ops about our scheduling tool,
 * saves 5 hours a week", "outreach email to the head of marketing at northwind pitching our seo
 * tool, 3x more traffic". Whom it goes to (a role, at a company), what it offers, and the facts the
 * ask gives about it, each as typed; build/coldEmail.ts writes the email from them.
 */
export interface ColdEmail {
  /** "head of ops", when a role is named. */
  role?: string;
  /** "Acme", when a company is named. */
  company?: string;
  /** "dentists": a group written to, when no company is named. */
  group?: string;
  /** "our scheduling tool". */
  offer: string;
  /** "saves 5 hours a week": what the ask says of it, each as typed. */
  facts: string[];
}

const asked = /\b(?:cold|outreach|prospecting|sales|pitch)\s+(?:outreach\s+)?(?:e-?mail|message|note)\s+(?:to\s+)?(?<to>.+?)\s+(?:about|pitching|introducing|offering|for|re|on)\s+(?<offer>(?:our|my|the|a|an)\s+[^,;:]+?)(?:\s*[,;:]\s*(?<facts>.+))?$/i;
// "acme's head of ops", "the head of ops at acme", "the cto of northwind".
const roleAt = /^(?:the\s+)?(?<role>(?:head|director|vp|vice\s+president|manager|lead|chief)\b[^,]*?|c[etfo]o|cmo|cro|founder|owner)\s+(?:at|of)\s+(?<company>[\p{L}\d&.'’-]+(?:\s+[\p{L}\d&.'’-]+)?)$/iu;
const companyRole = /^(?<company>[\p{L}\d&.-]+(?:\s+[\p{L}\d&.-]+)?)['’]s\s+(?<role>.+)$/iu;
const roleWord = /^(?:the\s+)?(?:head|director|vp|manager|lead|chief|c[etfo]o|cmo|founder|owner)\b/i;

function named(company: string): string {
  return company.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}

/** The cold email an ask asks for, or undefined. */
export function coldEmailOf(brief: string): ColdEmail | undefined {
  const found = asked.exec(brief.trim().split('\n')[0]!.replace(/[.!]+$/, ''))?.groups;
  if (!found) return undefined;
  const to = found.to!.trim();
  const facts = (found.facts ?? '').split(/\s*[,;]\s*|\s+and\s+(?=\p{Ll}+s\s)/u).map((fact) => fact.trim()).filter((fact) => fact.split(/\s+/).length >= 2);
  const offer = found.offer!.trim();
  const at = roleAt.exec(to)?.groups ?? companyRole.exec(to)?.groups;
  if (at) return { role: at.role!.trim(), company: named(at.company!), offer, facts };
  if (roleWord.test(to)) return { role: to.replace(/^the\s+/i, ''), offer, facts };
  // "to dentists", "to restaurant owners": a group; "to acme": a company.
  if (/s$/i.test(to) && !/^[A-Z]/.test(to)) return { group: to.replace(/^(?:the|all)\s+/i, ''), offer, facts };
  return { company: named(to.replace(/^the\s+/i, '')), offer, facts };
}
