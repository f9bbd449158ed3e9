/** The MCP resource address of an outcome. */
export function outcomeUri(outcomeId: string): string {
  return `crewd://outcomes/${outcomeId}`;
}

/** The outcome id of a `crewd://outcomes/{id}` address, or undefined. */
export function outcomeIdOfUri(uri: string): string | undefined {
  return /^crewd:\/\/outcomes\/(out_[A-Za-z0-9]{1,60})$/.exec(uri)?.[1];
}
