/** What a cap is counted over, from the narrowest. */
export type CapScope = 'key' | 'workspace' | 'process';

export interface CapLimits {
  perKey: number;
  perWorkspace: number;
  total: number;
}

/** Who holds an entry: the key and its workspace. */
export interface Holder {
  keyId: string;
  workspaceId: string;
}

/** Which cap a new entry would pass, and its limit. */
export interface CapRefusal {
  scope: CapScope;
  limit: number;
}

/**
 * Counts what each key and workspace holds open in this process (listen streams, sessions), so a
 * per-process table is capped per tenant: one workspace reaching its cap is refused, and every
 * other workspace still has room below the process cap (which is above any workspace's cap).
 */
export class TenantCounter {
  private readonly byKey = new Map<string, number>();
  private readonly byWorkspace = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: CapLimits) {}

  /** The first cap one more entry of `holder` would pass, or undefined when there is room. */
  refusal(holder: Holder): CapRefusal | undefined {
    if ((this.byKey.get(holder.keyId) ?? 0) >= this.limits.perKey) return { scope: 'key', limit: this.limits.perKey };
    if ((this.byWorkspace.get(holder.workspaceId) ?? 0) >= this.limits.perWorkspace) return { scope: 'workspace', limit: this.limits.perWorkspace };
    if (this.total >= this.limits.total) return { scope: 'process', limit: this.limits.total };
    return undefined;
  }

  /** Counts one entry of `holder`; the returned function releases it (once, however often called). */
  hold(holder: Holder): () => void {
    bump(this.byKey, holder.keyId, 1);
    bump(this.byWorkspace, holder.workspaceId, 1);
    this.total += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      bump(this.byKey, holder.keyId, -1);
      bump(this.byWorkspace, holder.workspaceId, -1);
      this.total -= 1;
    };
  }

  /** How many entries `holder`'s key holds. */
  heldByKey(keyId: string): number {
    return this.byKey.get(keyId) ?? 0;
  }
}

function bump(counts: Map<string, number>, id: string, by: number): void {
  const next = (counts.get(id) ?? 0) + by;
  if (next <= 0) counts.delete(id);
  else counts.set(id, next);
}

/** A refusal in words a client can act on: which cap, its setting, and what to do. */
export function capMessage(what: string, refusal: CapRefusal, settings: Record<CapScope, string>): string {
  const whose = refusal.scope === 'process' ? 'this server' : `this ${refusal.scope === 'key' ? 'API key' : 'workspace'}`;
  return `Limit reached: ${whose} already holds ${refusal.limit} open ${what} (${settings[refusal.scope]}); close one you no longer use and try again.`;
}
