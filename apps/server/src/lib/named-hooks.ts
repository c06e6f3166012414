/**
 * Hooks areas' manifests declare on what another area serves, by its name (a document, a
 * resource), bound when an app is built: process-wide like the resources' bindings (the code that
 * runs them is handed a transaction, not an app), and replaced rather than added to, so a test's
 * app with a fixture area hands the previous hooks back when it closes.
 */
export interface NamedHooks<Hook> {
  /** Binds each area's hooks (`pick` of its manifest) in the areas' order; answers the function that restores those bound before. */
  bind<Area>(areas: readonly Area[], pick: (area: Area) => Readonly<Record<string, Hook>> | undefined): () => void;
  /** Every area's hook of `name`, in the areas' order. */
  of(name: string): readonly Hook[];
}

export function namedHooks<Hook>(): NamedHooks<Hook> {
  let bound: ReadonlyMap<string, readonly Hook[]> = new Map();
  return {
    bind(areas, pick) {
      const next = new Map<string, Hook[]>();
      for (const area of areas) for (const [name, hook] of Object.entries(pick(area) ?? {})) next.set(name, [...(next.get(name) ?? []), hook]);
      const previous = bound;
      bound = next;
      return () => {
        bound = previous;
      };
    },
    of: (name) => bound.get(name) ?? [],
  };
}
