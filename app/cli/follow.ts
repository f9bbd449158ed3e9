import type { StreamMessage } from '@crewd/client';
import type { Clock } from '../../runtime/clock.js';

export interface ProgressSink {
  write(text: string): void;
  /** Redraw one status line in place (a terminal) or print a line per change (a pipe, a file). */
  isTTY: boolean;
}

interface Progress {
  stage?: string;
  agent?: string;
  percentage?: number;
  status?: string;
}

/** Reads stage, agent and percentage from a stream message (snapshot or event), where present. */
export function progressOf(message: StreamMessage): Progress {
  const data = message.data ?? {};
  const progress = (data.progress ?? {}) as { current_stage?: string; current_agent?: string; completion_percentage?: number };
  // `agents` is a list of {name, status} or a map of name -> {status}, depending on the view.
  const raw = data.agents;
  const agents: Array<{ name?: string; status?: string }> = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.entries(raw).map(([name, value]) => ({ name, ...(value as object) })) : [];
  const working = agents.find((agent) => agent.status === 'working' || agent.status === 'processing')?.name;
  return {
    ...(typeof data.stage === 'string' ? { stage: data.stage } : progress.current_stage ? { stage: progress.current_stage } : {}),
    ...(typeof data.agent === 'string' ? { agent: data.agent } : progress.current_agent ? { agent: progress.current_agent } : working ? { agent: working } : {}),
    ...(typeof progress.completion_percentage === 'number' ? { percentage: progress.completion_percentage } : {}),
    ...(typeof data.status === 'string' ? { status: data.status } : {}),
  };
}

/**
 * The title of a result: its own `title`, else the `title:` of the content's front matter, else
 * the first line of the content after any front matter, without Markdown marks. The front matter's
 * `---` fence is never a title.
 */
export function titleOf(result: { title?: unknown; content?: unknown } | null | undefined): string {
  if (typeof result?.title === 'string' && result.title) return result.title;
  let body = typeof result?.content === 'string' ? result.content : '';
  const front = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(body);
  if (front) {
    const line = front[1]!.split(/\r?\n/).find((entry) => /^title\s*:/.test(entry));
    const value = line?.replace(/^title\s*:\s*/, '').trim();
    if (value) return unquote(value).slice(0, 120);
    body = body.slice(front[0].length);
  }
  const first = body.split('\n').find((line) => line.trim());
  return first ? first.replace(/^#+\s*/, '').trim().slice(0, 120) : '(untitled)';
}

/** A YAML scalar as written by the writer: JSON-quoted, single-quoted or plain. */
function unquote(value: string): string {
  if (value.startsWith('"')) {
    try {
      return String(JSON.parse(value));
    } catch {
      return value.slice(1, value.endsWith('"') ? -1 : undefined);
    }
  }
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

/**
 * The live progress display of `crewd deploy --follow`: one line per change on a pipe, one line
 * redrawn in place on a terminal. `elapsed` comes from the injected clock.
 */
export function createProgressDisplay(sink: ProgressSink, clock: Clock) {
  const started = clock.now().getTime();
  const state: Progress = {};
  let lastLine = '';
  let drawn = false;
  const elapsed = () => `${((clock.now().getTime() - started) / 1000).toFixed(1)}s`;

  function line(event: string): string {
    const pct = state.percentage === undefined ? '' : `${String(state.percentage).padStart(3)}%`;
    return [elapsed().padStart(7), pct, state.stage ?? '-', state.agent ? `(${state.agent})` : '', event].filter(Boolean).join('  ');
  }

  return {
    update(message: StreamMessage): void {
      Object.assign(state, progressOf(message));
      const text = line(message.event);
      if (sink.isTTY) {
        sink.write(`\r\x1b[K${text}`);
        drawn = true;
      } else if (text.replace(/^\s*\S+/, '') !== lastLine) {
        lastLine = text.replace(/^\s*\S+/, '');
        sink.write(`${text}\n`);
      }
    },
    /** Ends the live line so the summary starts on its own line. */
    finish(): void {
      if (sink.isTTY && drawn) sink.write('\n');
    },
    elapsed,
  };
}
