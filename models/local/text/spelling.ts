import { datedDays } from './dates.js';
import { placeCase } from './places.js';

/**
 * Names of tools, products and acronyms as their owners spell them: people type "sql migration",
 * "excel export", "looker dashboard", "github pr" in a hurry, and a document that repeats them so
 * reads careless ("Sql migration"). The list is kept here, in one place, and read before any crew
 * reads the client's text (document/route.ts), so every document, title and deliverable field
 * writes "SQL migration", "Excel export", "Looker dashboard", "GitHub PR".
 */

// Acronyms: written in capitals; a plural keeps its small "s" ("APIs", "PRs").
const acronyms = [
  'api', 'sql', 'csv', 'pdf', 'dba', 'aws', 'gcp', 'qa', 'ui', 'ux', 'seo', 'sem', 'crm', 'erp', 'sdk', 'cli', 'ci', 'kpi', 'okr', 'roi',
  'sla', 'mvp', 'faq', 'json', 'xml', 'html', 'css', 'url', 'ssl', 'tls', 'sso', 'saml', 'jwt', 'vpn', 'ssh', 'dns', 'cdn', 'cpu', 'gpu',
  'ssd', 'iam', 'llm', 'nlp', 'pr', 'b2b', 'b2c', 'gdpr', 'hipaa', 'ccpa', 'pci', 'nps', 'mrr', 'arr', 'cac', 'ltv', 'gmv', 'rfc', 'rfp',
  'nda', 'sms', 'mfa', '2fa', 'otp', 'pii', 'etl', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cpo', 'vp', 'php', 'ec2', 's3', 'rds', 'usb', 'id',
  'ecs', 'eks', 'ecr', 'vpc', 'sqs', 'ip', 'uk', 'usa', 'prd', 'aob', 'asap', 'mdx', 'eur', 'usd', 'gbp', 'csat', 'yaml', 'poc', 'ai', 'q1', 'q2', 'q3', 'q4', 'p0', 'p1', 'p2', 'dm', 'hr', 'ml', 'eta', 'rsvp',
];

// Names with capitals of their own, keyed by how they are typed in lower case.
const names: Record<string, string> = {
  'ci/cd': 'CI/CD', ios: 'iOS', macos: 'macOS', ipados: 'iPadOS', ipad: 'iPad', iphone: 'iPhone', macbook: 'MacBook', android: 'Android', linux: 'Linux',
  github: 'GitHub', gitlab: 'GitLab', bitbucket: 'Bitbucket', jira: 'Jira', confluence: 'Confluence', figma: 'Figma', looker: 'Looker', tableau: 'Tableau',
  metabase: 'Metabase', salesforce: 'Salesforce', hubspot: 'HubSpot', zendesk: 'Zendesk', freshdesk: 'Freshdesk', intercom: 'Intercom', shopify: 'Shopify',
  woocommerce: 'WooCommerce', wordpress: 'WordPress', webflow: 'Webflow', squarespace: 'Squarespace', mailchimp: 'Mailchimp', klaviyo: 'Klaviyo',
  postgres: 'Postgres', postgresql: 'PostgreSQL', mysql: 'MySQL', nosql: 'NoSQL', mongodb: 'MongoDB', redis: 'Redis', kafka: 'Kafka', rabbitmq: 'RabbitMQ',
  elasticsearch: 'Elasticsearch', bigquery: 'BigQuery', redshift: 'Redshift', databricks: 'Databricks', kubernetes: 'Kubernetes', docker: 'Docker',
  terraform: 'Terraform', javascript: 'JavaScript', typescript: 'TypeScript', 'node.js': 'Node.js', nodejs: 'Node.js', graphql: 'GraphQL', grpc: 'gRPC',
  oauth: 'OAuth', python: 'Python', golang: 'Go', youtube: 'YouTube', linkedin: 'LinkedIn', tiktok: 'TikTok', instagram: 'Instagram', facebook: 'Facebook',
  whatsapp: 'WhatsApp', twitter: 'Twitter', reddit: 'Reddit', pinterest: 'Pinterest', substack: 'Substack', gmail: 'Gmail', google: 'Google',
  microsoft: 'Microsoft', amazon: 'Amazon', powerpoint: 'PowerPoint', sharepoint: 'SharePoint', onedrive: 'OneDrive', dropbox: 'Dropbox', trello: 'Trello',
  asana: 'Asana', airtable: 'Airtable', clickup: 'ClickUp', miro: 'Miro', canva: 'Canva', calendly: 'Calendly', docusign: 'DocuSign', quickbooks: 'QuickBooks',
  xero: 'Xero', netsuite: 'NetSuite', datadog: 'Datadog', grafana: 'Grafana', sentry: 'Sentry', pagerduty: 'PagerDuty', splunk: 'Splunk', okta: 'Okta',
  auth0: 'Auth0', twilio: 'Twilio', sendgrid: 'SendGrid', paypal: 'PayPal', venmo: 'Venmo', zapier: 'Zapier', hotjar: 'Hotjar', mixpanel: 'Mixpanel',
  chatgpt: 'ChatGPT', openai: 'OpenAI', vercel: 'Vercel', netlify: 'Netlify', heroku: 'Heroku', firefox: 'Firefox', jenkins: 'Jenkins', 'github actions': 'GitHub Actions', 'gitlab ci': 'GitLab CI', azure: 'Azure', circleci: 'CircleCI', wifi: 'Wi-Fi',
  gatsby: 'Gatsby', astro: 'Astro', 'next.js': 'Next.js', nextjs: 'Next.js', nuxt: 'Nuxt', svelte: 'Svelte', sveltekit: 'SvelteKit', vue: 'Vue', jekyll: 'Jekyll',
  docusaurus: 'Docusaurus', algolia: 'Algolia', contentful: 'Contentful', strapi: 'Strapi', supabase: 'Supabase', firebase: 'Firebase', cloudflare: 'Cloudflare',
  nginx: 'nginx', vite: 'Vite', webpack: 'Webpack', tailwind: 'Tailwind', storybook: 'Storybook', segment: 'Segment', amplitude: 'Amplitude', posthog: 'PostHog',
  saas: 'SaaS', k8s: 'K8s', 'power bi': 'Power BI', 'vs code': 'VS Code', vscode: 'VS Code', 'apple pay': 'Apple Pay', 'google pay': 'Google Pay',
  'ms teams': 'MS Teams', 'microsoft teams': 'Microsoft Teams', 'ms word': 'MS Word', 'ms excel': 'MS Excel',
};

// Words that are ordinary English too ("excel at", "cut some slack", "zoom in", "the notion that"):
// a name only beside what names a tool ("excel export", "on slack", "zoom call", "in notion").
const contextual: Record<string, { name: string; before: RegExp; after: RegExp; both?: true }> = {
  // "our it team", "it team packs the servers" (a line's start): only between whose and what ("make it team-friendly" stays).
  it: {
    name: 'IT',
    before: /(?:^|\n\s*|^\s*[-*•]\s+|\n\s*[-*•]\s+|\b(?:our|the|your|their|an|from|with|to)\s+)$/i,
    after: /^\s+(?:team|department|dept|helpdesk|help\s+desk|admins?|staff|support|policy|security|manager)\b/i,
    both: true,
  },
  excel: {
    name: 'Excel',
    before: /(?:\b(?:in|into|from|via|using|an|as|of|with)|\b(?:export(?:s|ed|ing)?|download(?:s|ed|ing)?|sav(?:e|es|ed|ing)|convert(?:s|ed|ing)?|copy|copied|push(?:es|ed|ing)?|back)(?:\s+\w+){0,2}\s+to)\s+$/i,
    after: /^\s+(?:export|exports|exporting|sheets?|spreadsheets?|files?|imports?|templates?|reports?|macros?|workbooks?|formulas?|versions?|downloads?|add-ins?|integration|tables?|docs?|documents?)\b/i,
  },
  slack: {
    name: 'Slack',
    before: /\b(?:on|in|via|over|through|from|to|into|and|or|our|a|the|your|their)\s+$/i,
    after: /^\s+(?:channels?|messages?|threads?|bots?|apps?|integration|notifications?|workspaces?|huddles?|posts?|alerts?|dms?|connect|status|reminders?|updates?)\b/i,
  },
  zoom: {
    name: 'Zoom',
    before: /\b(?:on|via|over|through|a|the|our)\s+$/i,
    after: /^\s+(?:calls?|meetings?|links?|webinars?|recordings?|rooms?)\b/i,
  },
  notion: {
    name: 'Notion',
    before: /\b(?:in|into|on|via|from|to|our)\s+$/i,
    after: /^\s+(?:pages?|docs?|databases?|workspaces?|templates?|boards?|wiki)\b/i,
  },
  stripe: {
    name: 'Stripe',
    before: /\b(?:via|through|using|with|into|from|on|to)\s+$/i,
    after: /^\s+(?:integration|checkout|payments?|accounts?|webhooks?|api|dashboard|billing|invoices?|connect|subscriptions?|coupons?|customers?|prices?|products?|radar|tax)\b/i,
  },
  outlook: {
    name: 'Outlook',
    before: /\b(?:in|into|via|from|to)\s+$/i,
    after: /^\s+(?:calendars?|invites?|inbox|emails?|add-ins?|plugin)\b/i,
  },
  // "mobile safari", "on chrome": the browsers, not a trip or a metal.
  safari: {
    name: 'Safari',
    before: /\b(?:mobile|on|in|desktop|ios|using|with|and|or|via)\s+$/i,
    after: /^\s+(?:browser|users?|extension|version|\d+)\b/i,
  },
  chrome: {
    name: 'Chrome',
    before: /\b(?:mobile|on|in|desktop|android|using|with|and|or|via|google)\s+$/i,
    after: /^\s+(?:browser|users?|extension|version|\d+|devtools)\b/i,
  },
  word: {
    name: 'Word',
    before: /(?!)/,
    after: /^\s+(?:documents?|docs?|files?|templates?)\b/i,
  },
};

const spelled = new Map<string, string>([...acronyms.map((word) => [word, word.toUpperCase()] as const), ...Object.entries(names)]);
const keys = [...spelled.keys(), ...Object.keys(contextual)].sort((a, b) => b.length - a.length);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+');
// A name as its own word, an acronym with a plural "s"; never part of a path, a file name
// ("report.pdf"), an identifier ("user_id", "csv-export"), a hashtag or a handle.
const namePattern = new RegExp(`(?<![\\w./#@_{'’-])(${keys.map(escape).join('|')})(s?)(?![\\w/_]|\\.\\w)`, 'gi');
// Text that is written as it must be typed: code, addresses, handles.
const verbatim = /```[\s\S]*?```|`[^`\n]*`|\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\w+|(?<!\S)\/[\w/{}:.-]+/g;

/** The text with the names and acronyms it types in lower case spelled as their owners do. */
export function spellNames(text: string): string {
  let out = '';
  let last = 0;
  for (const kept of text.matchAll(verbatim)) {
    out += spellProse(text.slice(last, kept.index)) + kept[0];
    last = kept.index + kept[0].length;
  }
  return out + spellProse(text.slice(last));
}

const known = keys.filter((key) => !(key in contextual)).map(escape).join('|');
const nameBefore = new RegExp(`\\b(?:${known})s?(?:\\s*,\\s*|\\s+(?:and|or|&|\\+)\\s+|\\s*\\/\\s*)$`, 'i');
const nameAfter = new RegExp(`^(?:\\s*,\\s*|\\s+(?:and|or|&|\\+)\\s+|\\s*\\/\\s*)(?:${known})s?\\b`, 'i');

/** "python, excel and sql", "sql/excel": listed with other tools, a word is one too. */
function listedWithNames(before: string, after: string): boolean {
  return nameBefore.test(before) || nameAfter.test(after);
}

// "2tb", "512 mb": a size's unit in capitals ("2TB", "512 MB").
const sizeUnit = /\b(\d+(?:\.\d+)?)(\s?)(tb|gb|mb|kb)\b/gi;

function spellProse(text: string): string {
  // Cities and countries typed in lower case ("our bakery now delivers in utrecht") are names too.
  return datedDays(placeCase(text)).replace(sizeUnit, (_, figure: string, space: string, unit: string) => `${figure}${space}${unit.toUpperCase()}`).replace(namePattern, (whole: string, word: string, plural: string, offset: number) => {
    const key = word.toLowerCase().replace(/\s+/g, ' ');
    // Written with capitals of its own already ("GITHUB", "Excel", "eBay"): as its writer chose.
    if (/\p{Lu}/u.test(word.slice(1))) return whole;
    const ambiguous = contextual[key];
    if (ambiguous) {
      // "Slack" typed with a capital is the name already; "slacks", "zooms" are words.
      if (plural || word !== key) return whole;
      const before = text.slice(Math.max(0, offset - 40), offset);
      const after = text.slice(offset + whole.length, offset + whole.length + 40);
      if (ambiguous.both) return ambiguous.before.test(before) && ambiguous.after.test(after) ? ambiguous.name : whole;
      return ambiguous.before.test(before) || ambiguous.after.test(after) || listedWithNames(before, after) ? ambiguous.name : whole;
    }
    const name = spelled.get(key);
    if (!name) return whole;
    // "3 hr", "500 ml": a unit after a figure, not human resources or machine learning.
    if (/^(?:hr|ml|id|ip)$/.test(key) && /\d\s*$/.test(text.slice(Math.max(0, offset - 3), offset))) return whole;
    // An acronym takes a plural "s" ("PRs", "APIs"); a name or a unit does not ("3 hrs", "Jiras" are left alone).
    if (plural && (!acronyms.includes(key) || /^(?:hr|ml)$/.test(key))) return whole;
    return `${name}${plural}`;
  });
}
