import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface SavedDocument {
  file_id: string;
  file_url: string;
  title: string;
  bytes: number;
}

/** Lower-case words joined by dashes, for readable file names. */
function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'document'
  );
}

/**
 * A local-folder backend (the embedded default of drive, notes and wiki): documents are Markdown
 * files in `dir`. The file id comes from the idempotency key, so a repeated save (a retry, a
 * crash replay) finds the file it wrote before instead of writing a second one.
 */
export function localFolder(dir: string, prefix: string) {
  return {
    async save(input: { title: string; content: string; idempotencyKey: string; createdAt: string }): Promise<{ document: SavedDocument; created: boolean }> {
      const id = `${prefix}_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 20)}`;
      const file = path.join(dir, `${slug(input.title)}--${id}.md`);
      const existing = (await fs.readdir(dir)).find((name) => name.endsWith(`--${id}.md`));
      if (existing) {
        const stat = await fs.stat(path.join(dir, existing));
        return { document: { file_id: id, file_url: pathToFileURL(path.join(dir, existing)).href, title: input.title, bytes: stat.size }, created: false };
      }
      const body = `---\ntitle: ${JSON.stringify(input.title)}\ncreated_at: ${input.createdAt}\nfile_id: ${id}\n---\n\n${input.content}\n`;
      // Write then rename: a crash mid-write leaves no half file under the final name.
      await fs.writeFile(`${file}.tmp`, body, 'utf8');
      await fs.rename(`${file}.tmp`, file);
      return { document: { file_id: id, file_url: pathToFileURL(file).href, title: input.title, bytes: Buffer.byteLength(body) }, created: true };
    },
    async list(): Promise<Array<{ file_id: string; file_url: string; name: string }>> {
      const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.md')).sort();
      return names.map((name) => ({ file_id: name.slice(name.lastIndexOf('--') + 2, -3), file_url: pathToFileURL(path.join(dir, name)).href, name }));
    },
    async search(query: string): Promise<Array<{ file_id: string; file_url: string; excerpt: string }>> {
      const terms = query.toLowerCase().split(/\W+/).filter((term) => term.length > 2);
      const hits: Array<{ file_id: string; file_url: string; excerpt: string; score: number }> = [];
      for (const entry of await this.list()) {
        const text = await fs.readFile(new URL(entry.file_url), 'utf8');
        const lower = text.toLowerCase();
        const score = terms.filter((term) => lower.includes(term)).length;
        if (score > 0) hits.push({ file_id: entry.file_id, file_url: entry.file_url, excerpt: text.replace(/^---[\s\S]*?---\s*/, '').slice(0, 400), score });
      }
      return hits.sort((a, b) => b.score - a.score).slice(0, 5).map(({ score: _score, ...hit }) => hit);
    },
  };
}
