import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

const repo = path.resolve('.');

/** The markdown a reader walks: the README, docs/, and the plugin author's guide when present. */
function pages(): string[] {
  const docs = fs.readdirSync(path.join(repo, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f));
  return ['README.md', ...docs, ...(fs.existsSync(path.join(repo, 'plugins/README.md')) ? ['plugins/README.md'] : [])];
}

/** Markdown without code blocks, inline code and HTML comments (links there are not links). */
function prose(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

test('every link in the README, docs/ and the plugin guide resolves to a file (and heading) inside the repository', (t) => {
  const broken: string[] = [];
  let checked = 0;
  for (const page of pages()) {
    const text = fs.readFileSync(path.join(repo, page), 'utf8');
    for (const link of linksOf(text)) {
      checked++;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
        broken.push(`${page}: ${link} points outside the repository`);
        continue;
      }
      const [target = '', anchor] = link.split('#');
      const file = target === '' ? path.join(repo, page) : path.resolve(path.dirname(path.join(repo, page)), decodeURIComponent(target));
      if (path.relative(repo, file).startsWith('..')) {
        broken.push(`${page}: ${link} leaves the repository`);
        continue;
      }
      if (!fs.existsSync(file)) {
        broken.push(`${page}: ${link} does not exist`);
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(fs.readFileSync(file, 'utf8')).has(anchor)) {
        broken.push(`${page}: ${link} names no heading of ${path.relative(repo, file)}`);
      }
    }
  }
  t.deepEqual(broken, []);
  t.true(checked > 20, `only ${checked} links found: the walk is not reading the pages`);
});

test('the walk reads links outside code and comments, and anchors the way GitHub makes them', (t) => {
  t.deepEqual(linksOf('see [a](docs/a.md#x), ![i](p.png) and `[no](code.md)`\n```\n[no](block.md)\n```\n<!-- [no](comment.md) -->'), ['docs/a.md#x', 'p.png']);
  t.true(anchorsOf('# The CLI\n## Typed client\n## Typed client\n```\n# not a heading\n```').has('typed-client-1'));
  t.false(anchorsOf('```\n# not a heading\n```').has('not-a-heading'));
  t.true(anchorsOf('## Operators: metrics and the operator page').has('operators-metrics-and-the-operator-page'));
});

test('the README is short, starts with the commands of a fresh clone and sends the reader on into docs/', (t) => {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  t.true(readme.split('\n').length <= 220, `README.md has ${readme.split('\n').length} lines`);
  const start = readme.indexOf('npm install');
  t.true(start > 0 && start < readme.indexOf('npm start') && readme.indexOf('npm start') < readme.indexOf('npm test'));
  t.true(start < 2500, 'the commands come first');
  for (const page of ['api', 'webhooks', 'stream', 'tools', 'mcp-server', 'operating', 'benchmarks', 'decisions', 'client']) t.true(linksOf(readme).includes(`docs/${page}.md`), `README links docs/${page}.md`);
});
