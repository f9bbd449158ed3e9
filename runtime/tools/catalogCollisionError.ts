/** Thrown by a connection's `storeCatalog` when the tools would collide with another connection's names. */
export class CatalogCollisionError extends Error {
  constructor(readonly names: string[]) {
    super(`tool names already used by another connection of this workspace: ${names.join(', ')}`);
    this.name = 'CatalogCollisionError';
  }
}
